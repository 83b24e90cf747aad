import { describe, expect, it, vi } from 'vitest';
import { DocStoreUnavailableError } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { PENDING_CLAIM_LEASE_MS } from '../../../src/modules/mail/application/steps/block-batch.js';
import { blockRef } from '../../../src/modules/mail/domain/mail-block.js';
import { OfflineSummariser } from '../../../src/modules/summarization/index.js';
import { noBalanceEvents } from '../../../src/modules/token-ledger/application/ports/balance-events.port.js';
import { GrantTokens } from '../../../src/modules/token-ledger/index.js';
import { CLOCK, type fixedClock } from '../../../src/shared/clock.js';
import { InMemoryBudget, InMemoryPendingBlocks } from '../../support/fakes/in-memory-pending-blocks.js';
import { OWNER, processMailHarness } from '../../support/process-mail-harness.js';

const MAILS = 12;
const ids = Array.from({ length: MAILS }, (_, n) => `burst-${String(n + 1).padStart(2, '0')}`);

/**
 * A burst of mails to one document with a small write budget (docs/operations.md § Google's quotas): the
 * mails the budget refuses leave their blocks pending, and the next run with a slot writes them with its
 * own in one request.
 */
describe('a burst of mails to one document, written in batches', () => {
  const setUp = async (slots: number) => {
    const pending = new InMemoryPendingBlocks();
    const budget = new InMemoryBudget(pending, slots);
    const harness = await processMailHarness({ llm: new OfflineSummariser(), limiter: budget, pending });
    await new GrantTokens(harness.ledger, noBalanceEvents).execute({ userId: OWNER, sourceKey: 'burst', tokens: 100, kind: 'admin_grant', description: 'Test', payedUsdCents: 0 });
    for (const id of ids) await harness.storeMail(id);
    const runAll = async () => {
      for (const id of ids) await harness.process.execute(id);
    };
    const clock = harness.container.resolve<ReturnType<typeof fixedClock>>(CLOCK);
    // Every block of every part, in the order the parts and the blocks within them read.
    const texts = async () => Promise.all([...harness.store.docs.keys()].map((externalId) => harness.store.readText({ userId: OWNER }, externalId)));
    const copies = async (id: string) => (await texts()).join('\n').split(blockRef(id)).length - 1;
    const statuses = () => ids.map((id) => harness.messages.rows.get(id)?.status);
    return { harness, pending, budget, runAll, clock, texts, copies, statuses };
  };

  /** The run of `id` dies between the store's answer and the marking: its claims stay as a dead run leaves them. */
  const dieBeforeMarking = async (harness: Awaited<ReturnType<typeof processMailHarness>>, pending: InMemoryPendingBlocks, id: string) => {
    vi.spyOn(pending, 'markWritten').mockImplementation((written) => (written.length > 0 ? Promise.reject(new Error('process killed')) : Promise.resolve()));
    vi.spyOn(pending, 'release').mockResolvedValue(undefined);
    await harness.process.execute(id).catch(() => undefined);
    vi.restoreAllMocks();
  };

  it('writes a burst in fewer requests than mails, every block once and in order, and a mail a batch wrote takes no slot', async () => {
    const { harness, budget, runAll, copies, statuses } = await setUp(1);
    await runAll();
    // One slot: the first mail wrote itself, the others wait with their blocks pending.
    expect(statuses().filter((status) => status === 'processed')).toHaveLength(1);
    budget.refill(1);
    await runAll();

    expect(statuses()).toEqual(ids.map(() => 'processed'));
    expect(harness.store.calls.filter((call) => call === 'write' || call === 'writeMany')).toEqual(['write', 'writeMany']);
    expect(budget.taken).toBe(2);
    for (const id of ids) expect(await copies(id), id).toBe(1);
    const metas = harness.store.docs.get(harness.externalId)?.blocks.map((block) => block.meta) ?? [];
    expect(metas.map((meta) => ids.findIndex((id) => meta.includes(blockRef(id))))).toEqual(ids.map((_, n) => n));
    expect(harness.store.docs.get(harness.externalId)?.blocks.every((block) => block.link?.includes('?mail=burst-'))).toBe(true);
  });

  it('loses nothing when a batch fails: its mails write themselves on their next runs, once each', async () => {
    const { harness, budget, pending, runAll, copies, statuses } = await setUp(1);
    await runAll();
    budget.refill(1);
    harness.store.failNextWith(new DocStoreUnavailableError('503'));
    await harness.process.execute(ids[1] ?? '');
    // The batch's claims are given back: no block is marked written, none is held by a dead run.
    expect([...pending.rows.values()].every((row) => row.written === null && row.claim === null)).toBe(true);

    budget.refill(MAILS);
    await runAll();
    await runAll();
    expect(statuses()).toEqual(ids.map(() => 'processed'));
    for (const id of ids) expect(await copies(id), id).toBe(1);
  });

  it('writes no block twice when a run dies after its batch landed and before the batch was marked, once its claims go stale', async () => {
    const { harness, budget, pending, runAll, clock, copies, statuses } = await setUp(1);
    await runAll();
    budget.refill(1);
    await dieBeforeMarking(harness, pending, ids[1] ?? '');
    for (const id of ids) expect(await copies(id), id).toBe(1);

    budget.refill(MAILS);
    // While the claims hold, the waiting mails take no slot.
    const taken = budget.taken;
    await harness.process.execute(ids[2] ?? '');
    expect(budget.taken).toBe(taken);

    clock.advance(PENDING_CLAIM_LEASE_MS + 1000);
    await runAll();
    await runAll();
    expect(statuses()).toEqual(ids.map(() => 'processed'));
    for (const id of ids) expect(await copies(id), id).toBe(1);
  });

  it('writes no block again into the next part when a batch died before marking it and the document continued meanwhile', async () => {
    const { harness, budget, pending, runAll, clock, texts, copies, statuses } = await setUp(1);
    // The parts' start times and the mails' arrival on one time line.
    clock.set(new Date(Date.now() + 60_000));
    await runAll();
    budget.refill(1);
    await dieBeforeMarking(harness, pending, ids[1] ?? '');

    // A later mail fills the part: the document continues in a second one while the dead batch's claims hold.
    harness.store.maxCharacters = ((await texts())[0]?.length ?? 0) + 10;
    await harness.storeMail('later-1');
    budget.refill(1);
    await harness.process.execute('later-1');
    expect(harness.store.docs.size).toBe(2);

    clock.advance(PENDING_CLAIM_LEASE_MS + 1000);
    budget.refill(MAILS);
    await runAll();
    expect(statuses()).toEqual(ids.map(() => 'processed'));
    for (const id of ids) expect(await copies(id), id).toBe(1);
    expect(harness.store.docs.get([...harness.store.docs.keys()][1] ?? '')?.blocks.map((block) => block.meta.includes(blockRef('later-1')))).toEqual([true]);
  });

  it('keeps a batch under the continuation threshold: the blocks that would pass it go to the next part', async () => {
    const { harness, budget, runAll, texts, copies, statuses } = await setUp(1);
    await runAll();
    const [first] = await texts();
    const oneBlock = (first?.length ?? 0) - 'Invoices\n\n'.length;
    // Room for about four blocks a part.
    harness.store.maxCharacters = 4 * oneBlock + 50;
    budget.refill(MAILS);
    await runAll();
    await runAll();

    expect(statuses()).toEqual(ids.map(() => 'processed'));
    for (const id of ids) expect(await copies(id), id).toBe(1);
    const parts = await texts();
    expect(parts.length).toBeGreaterThan(2);
    for (const text of parts) expect(text.length).toBeLessThanOrEqual(harness.store.maxCharacters + 100);
    expect(budget.taken).toBeLessThan(MAILS);
  });
});
