import type { Database } from '../../src/platform/db/database.js';

export interface Holding {
  table: string;
  column: string;
  needle: string;
}

/**
 * Every column of every table (every schema, the job engine's too) that holds any of the needles: what a
 * deletion test greps after the delete. Bytes are searched as bytes (the raw message); everything else as
 * its text (JSON, arrays, text).
 */
export async function holders(db: Database, needles: string[]): Promise<Holding[]> {
  const columns = (await db('information_schema.columns as c')
    .join('information_schema.tables as t', function onTable() {
      this.on('t.table_schema', 'c.table_schema').andOn('t.table_name', 'c.table_name');
    })
    .where('t.table_type', 'BASE TABLE')
    .whereNotIn('c.table_schema', ['pg_catalog', 'information_schema'])
    .select('c.table_schema as schema', 'c.table_name as table', 'c.column_name as column', 'c.data_type as type')) as { schema: string; table: string; column: string; type: string }[];
  if (columns.length < 50) throw new Error(`only ${columns.length} columns found: the search would prove nothing`);
  const found: Holding[] = [];
  for (const { schema, table, column, type } of columns) {
    const holds = type === 'bytea' ? "position(convert_to(n, 'UTF8') in x.??) > 0" : 'strpos(x.??::text, n) > 0';
    const result = (await db.raw(`SELECT n FROM unnest(?::text[]) AS n WHERE EXISTS (SELECT 1 FROM ??.?? AS x WHERE ${holds})`, [needles, schema, table, column])) as { rows: { n: string }[] };
    for (const { n } of result.rows) found.push({ table: `${schema}.${table}`, column, needle: n });
  }
  return found;
}
