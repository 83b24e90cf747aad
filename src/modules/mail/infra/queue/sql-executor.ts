import type { Knex } from 'knex';

interface RawConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: runs several statements at once (its `query` takes one). */
  exec?: (text: string) => Promise<{ rows: unknown[] }[]>;
}

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs the job engine's SQL on knex's connections: on PGlite there is only one, and inside a transaction
 * this is the transaction's own, so a job can be created in the same commit as the data it is about.
 */
export function sqlExecutor(db: Knex | Knex.Transaction): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const connection = (await db.client.acquireConnection()) as RawConnection;
      try {
        if (values.length === 0 && connection.exec && text.includes(';')) {
          const results = await connection.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await connection.query(text, values);
        return { rows: result.rows };
      } catch (error) {
        // The engine's multi-statement scripts open their own transaction (BEGIN; …; COMMIT); one that
        // fails half-way leaves it open and aborted. Never hand such a connection back to the pool.
        if (!db.isTransaction && /\bBEGIN\b/.test(text)) await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await db.client.releaseConnection(connection);
      }
    },
  };
}
