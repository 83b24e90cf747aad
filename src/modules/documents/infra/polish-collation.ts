import type { Database } from '../../../platform/db/database.js';

/** ICU's Polish collation in Postgres; it orders names exactly as the app's `Intl.Collator('pl')`. */
export const POLISH = '"pl-x-icu"';

/**
 * Whether this database orders names the Polish way. Asked by behaviour, not by name: an ICU build with
 * only root data (the embedded PGlite) puts Ł before L and ż before z, or has no such collation at all.
 */
export async function ordersPolishNames(db: Database): Promise<boolean> {
  try {
    const result = (await db.raw(
      `select ('Lublin' < 'Łódź' collate ${POLISH}) and ('zebra' < 'żaba' collate ${POLISH}) and ('Zebra' < 'żaba' collate ${POLISH}) as polish`,
    )) as { rows: { polish: boolean }[] };
    return result.rows[0]?.polish === true;
  } catch {
    // No such collation: the app orders the list itself.
    return false;
  }
}
