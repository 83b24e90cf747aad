import { describe, expect, it, vi } from 'vitest';
import { MailRoles, type MailRolesDeps } from '../../../src/modules/mail/infra/mail-roles.js';

/** The worker role's minute: the sweep, then the upkeep the role was given (the retention job). */
function aWorker(sweep: () => Promise<unknown>) {
  const minute: (() => Promise<void>)[] = [];
  const deps = {
    queue: { work: () => undefined },
    schedule: {
      scheduleSweep: (handle: () => Promise<void>) => {
        minute.push(handle);
        return Promise.resolve();
      },
    },
    process: { executeClaimed: () => Promise.resolve() },
    sweep: { execute: sweep },
    waker: { start: () => undefined, stop: () => Promise.resolve() },
    config: { WORKER_CONCURRENCY: 1 },
  };
  // Only what startWorkers touches; the rest of the deps play no part here.
  return { roles: new MailRoles(deps as unknown as MailRolesDeps), tick: () => minute[0]?.() };
}

describe('the worker role’s scheduled minute', () => {
  it('runs the upkeep after the held-mail sweep', async () => {
    const order: string[] = [];
    const { roles, tick } = aWorker(async () => order.push('sweep'));
    await roles.startWorkers(async () => {
      order.push('retention');
    });
    await tick();
    expect(order).toEqual(['sweep', 'retention']);
  });

  it('runs the upkeep when the sweep fails, and still reports the failure', async () => {
    const order: string[] = [];
    const { roles, tick } = aWorker(() => Promise.reject(new Error('the database is busy')));
    await roles.startWorkers(async () => {
      order.push('retention');
    });
    await expect(tick()).rejects.toThrow('the database is busy');
    expect(order).toEqual(['retention']);
  });
});

describe('the mail roles’ stop', () => {
  it('waits for the running mail and the running sweep side by side, so their waits do not add up', async () => {
    const order: string[] = [];
    let finishMail = () => undefined as void;
    const deps = {
      waker: { stop: () => Promise.resolve(order.push('waker stopped')) },
      queue: { stop: () => new Promise<void>((resolve) => (finishMail = () => (order.push('mail finished'), resolve()))) },
      schedule: { stop: () => Promise.resolve(order.push('sweep finished')) },
    };
    // Only what stopJobs touches.
    const roles = new MailRoles(deps as unknown as MailRolesDeps);

    const stopped = roles.stopJobs();
    await vi.waitFor(() => expect(order).toEqual(['waker stopped', 'sweep finished']));
    finishMail();
    await stopped;
    expect(order).toEqual(['waker stopped', 'sweep finished', 'mail finished']);
  });
});
