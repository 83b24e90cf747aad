import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The embedded database serves one process: a second one opening the same files would corrupt them. */
export class EmbeddedDatabaseInUseError extends Error {
  override readonly name = 'EmbeddedDatabaseInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by a running Mailscribe process (pid ${pid}). ` +
        'Stop the app, run this again, then start the app; or run Mailscribe on Postgres (DATABASE_URL), ' +
        'where operator commands work while the app runs.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock file beside the data; a lock left by a crashed process is taken over. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'pglite.pid');
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) throw new EmbeddedDatabaseInUseError(dataDir, holder);
      rmSync(path, { force: true });
    }
  }
}
