import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { openDatabase, type Database } from '../../src/platform/db/database.js';
import type { DatabaseKind, TestDatabase } from './test-database.js';

/**
 * A link to the test database that a test can cut: on Postgres, a TCP relay in front of the server (cut: every
 * connection through it closed, new ones closed as they come, as when the server or the network is
 * gone); on the embedded database, which lives in this process, every new statement refused the way pg
 * refuses a connection to a server that is down.
 */
export interface Link {
  db: Database;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A new link to `database`: on Postgres, connections of its own (at most 4) through a relay of its own. */
export async function linkTo(kind: DatabaseKind, database: TestDatabase): Promise<Link> {
  if (kind === 'pglite') {
    const client = database.db.client as { acquireConnection: () => Promise<unknown> };
    const acquire = client.acquireConnection;
    return {
      db: database.db,
      cut: () => {
        client.acquireConnection = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      },
      restore: () => {
        client.acquireConnection = acquire;
      },
      close: () => {
        client.acquireConnection = acquire;
        return Promise.resolve();
      },
    };
  }
  const target = new URL(database.url ?? '');
  const sockets = new Set<Socket>();
  let down = false;
  const relay = createServer((near) => {
    if (down) {
      near.destroy();
      return;
    }
    const far = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [near, far]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        near.destroy();
        far.destroy();
      });
      socket.on('error', () => undefined);
    }
    near.pipe(far);
    far.pipe(near);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(database.url ?? '');
  url.hostname = '127.0.0.1';
  url.port = String((relay.address() as AddressInfo).port);
  const opened = await openDatabase({ url: url.toString(), poolMax: 4 });
  // knex warns of every connection the cut ends; expected here.
  (opened.db.client as { logger: { warn: (message: string) => void } }).logger.warn = () => undefined;
  const cutAll = () => {
    down = true;
    for (const socket of sockets) socket.destroy();
  };
  return {
    db: opened.db,
    cut: cutAll,
    restore: () => {
      down = false;
    },
    close: async () => {
      down = false;
      await opened.close();
      cutAll();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
