import { afterEach, describe, expect, it, vi } from 'vitest';
import { InProcessNotificationBus } from '../../../src/platform/events/in-process.notification-bus.js';
import type { NotificationBus, UserNotice } from '../../../src/platform/events/notification-bus.js';
import { openNotificationBus } from '../../../src/platform/events/open-notification-bus.js';
import { PgNotificationBus } from '../../../src/platform/events/pg.notification-bus.js';
import { createLogger } from '../../../src/platform/logging/logger.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';

const logger = createLogger('silent');
const WAIT = { timeout: 10_000, interval: 20 };
const aNotice = (userId = 'user-1'): UserNotice => ({ userId, event: 'mail', data: { documentId: 'doc-1', mailId: 'mail-1' } });

function recorder() {
  const heard = { notices: [] as UserNotice[], resyncs: 0, closed: 0 };
  return {
    heard,
    listener: { notice: (notice: UserNotice) => heard.notices.push(notice), resync: () => (heard.resyncs += 1), closed: () => (heard.closed += 1) },
  };
}

describe.each(databaseKinds())('notification bus (%s)', (kind) => {
  const database = useTestDatabase(kind);
  const buses: NotificationBus[] = [];
  const open = () => {
    const bus = openNotificationBus({ DATABASE_URL: database.url ?? undefined }, database.db, logger);
    buses.push(bus);
    return bus;
  };

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('is LISTEN/NOTIFY on Postgres and in memory on the embedded database, where only one process runs', () => {
    expect(open()).toBeInstanceOf(kind === 'postgres' ? PgNotificationBus : InProcessNotificationBus);
  });

  it('delivers a published notice to every subscriber of a listening bus, after the publisher returned', async () => {
    const bus = open();
    await bus.listen();
    const first = recorder();
    const second = recorder();
    bus.subscribe(first.listener);
    bus.subscribe(second.listener);
    await bus.publish(aNotice());
    await vi.waitFor(() => expect(first.heard.notices).toEqual([aNotice()]), WAIT);
    await vi.waitFor(() => expect(second.heard.notices).toEqual([aNotice()]), WAIT);
  });

  it('delivers a signal to the listeners of its topic in this process too', async () => {
    const bus = open();
    await bus.listen();
    const signalled: string[] = [];
    const stop = bus.onSignal('session-ended', { signal: (key) => signalled.push(key), reset: () => undefined });
    await bus.signal('session-ended', 'session-1');
    await vi.waitFor(() => expect(signalled).toEqual(['session-1']), WAIT);
    stop();
    await bus.signal('session-ended', 'session-2');
    await bus.publish(aNotice());
    expect(signalled).toEqual(['session-1']);
  });

  it('stops delivering to a subscriber that unsubscribed, and tells the others when it closes', async () => {
    const bus = open();
    await bus.listen();
    const gone = recorder();
    const stays = recorder();
    bus.subscribe(gone.listener)();
    bus.subscribe(stays.listener);
    await bus.publish(aNotice('user-2'));
    await vi.waitFor(() => expect(stays.heard.notices).toHaveLength(1), WAIT);
    await bus.close();
    expect(stays.heard.closed).toBe(1);
    expect(gone.heard).toEqual({ notices: [], resyncs: 0, closed: 0 });
  });
});

describe.skipIf(!databaseKinds().includes('postgres'))('notification bus across connections (postgres)', () => {
  const database = useTestDatabase('postgres');
  const buses: NotificationBus[] = [];

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  const open = () => {
    const bus = new PgNotificationBus(database.db, database.url ?? '', logger);
    buses.push(bus);
    return bus;
  };

  it("reaches another process's listener, and never one of a rolled-back transaction", async () => {
    const listening = open();
    await listening.listen();
    const { heard, listener } = recorder();
    listening.subscribe(listener);
    // Another process publishing: its own bus on its own pool connection.
    await open().publish(aNotice('from-elsewhere'));
    await database.db
      .transaction(async (trx) => {
        await trx.raw("select pg_notify('mailscribe_user_notices', ?)", [JSON.stringify(aNotice('rolled-back'))]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await open().publish(aNotice('after'));
    await vi.waitFor(() => expect(heard.notices.map((notice) => notice.userId)).toEqual(['from-elsewhere', 'after']), WAIT);
  });

  it('reconnects after its connection is killed and asks subscribers to resync (notices may have been lost)', async () => {
    const bus = open();
    await bus.listen();
    const { heard, listener } = recorder();
    bus.subscribe(listener);
    await database.db.raw("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN mailscribe_user_notices'");
    await vi.waitFor(() => expect(heard.resyncs).toBe(1), WAIT);
    await open().publish(aNotice('after-reconnect'));
    await vi.waitFor(() => expect(heard.notices.map((notice) => notice.userId)).toEqual(['after-reconnect']), WAIT);
  });

  it('tells its own process of a signal at once and once, before the database carries it to the others', async () => {
    const sender = open();
    await sender.listen();
    const elsewhere = open();
    await elsewhere.listen();
    const here: string[] = [];
    const there: string[] = [];
    sender.onSignal('document-changed', { signal: (key) => here.push(key), reset: () => undefined });
    elsewhere.onSignal('document-changed', { signal: (key) => there.push(key), reset: () => undefined });
    const { heard, listener } = recorder();
    sender.subscribe(listener);

    const sent = sender.signal('document-changed', 'owner-1 doc-1');
    // Before the statement that carries it has even run.
    expect(here).toEqual(['owner-1 doc-1']);
    await sent;
    await vi.waitFor(() => expect(there).toEqual(['owner-1 doc-1']), WAIT);
    // A notice sent after it comes back after it: by then its echo has come back too, and was ignored.
    await sender.publish(aNotice('after'));
    await vi.waitFor(() => expect(heard.notices.map((notice) => notice.userId)).toEqual(['after']), WAIT);
    expect(here).toEqual(['owner-1 doc-1']);
  });

  it("carries a signal to another process's listeners of its topic, never to the tabs' subscribers", async () => {
    const listening = open();
    expect(listening.hearsAllSignals()).toBe(false);
    await listening.listen();
    expect(listening.hearsAllSignals()).toBe(true);
    const { heard, listener } = recorder();
    listening.subscribe(listener);
    const signalled: string[] = [];
    listening.onSignal('session-ended', { signal: (key) => signalled.push(key), reset: () => signalled.push('reset') });
    listening.onSignal('another-topic', { signal: (key) => signalled.push(`wrong topic: ${key}`), reset: () => undefined });

    await open().signal('session-ended', 'session-1');
    await open().publish(aNotice('after'));
    await vi.waitFor(() => expect(heard.notices.map((notice) => notice.userId)).toEqual(['after']), WAIT);
    expect(signalled).toEqual(['session-1']);
  });

  it('stops trusting signals while its connection is down and resets their listeners', async () => {
    const bus = open();
    await bus.listen();
    const resets: boolean[] = [];
    bus.onSignal('session-ended', { signal: () => undefined, reset: () => resets.push(bus.hearsAllSignals()) });
    await database.db.raw("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN mailscribe_user_notices'");
    // Once when the connection drops (signals missed from then on), once when it is back.
    await vi.waitFor(() => expect(resets).toEqual([false, true]), WAIT);
    expect(bus.hearsAllSignals()).toBe(true);
  });

  it('sends what is published at once in one statement, in order, and still sends it when closed at once', async () => {
    const listening = open();
    await listening.listen();
    const { heard, listener } = recorder();
    listening.subscribe(listener);
    const statements: string[] = [];
    const count = (query: { sql: string }) => {
      if (query.sql.includes('pg_notify')) statements.push(query.sql);
    };
    database.db.on('query', count);
    try {
      const publisher = new PgNotificationBus(database.db, database.url ?? '', logger);
      const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
      // Nobody waits: a finished mail's notice is not awaited, and the close must not drop it.
      for (const userId of users) void publisher.publish(aNotice(userId));
      await publisher.close();
      await vi.waitFor(() => expect(heard.notices.map((notice) => notice.userId)).toEqual(users), WAIT);
      expect(statements).toHaveLength(1);
    } finally {
      database.db.off('query', count);
    }
  });

  it('ignores a payload on its channel that is not a notice', async () => {
    const bus = open();
    await bus.listen();
    const { heard, listener } = recorder();
    bus.subscribe(listener);
    await database.db.raw("select pg_notify('mailscribe_user_notices', 'not json'), pg_notify('mailscribe_user_notices', '{\"userId\": 7}')");
    await open().publish(aNotice('valid'));
    await vi.waitFor(() => expect(heard.notices.map((notice) => notice.userId)).toEqual(['valid']), WAIT);
  });
});
