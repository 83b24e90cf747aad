import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';

describe.each(databaseKinds())('binary values (%s)', (kind) => {
  const database = useTestDatabase(kind);

  beforeAll(async () => {
    await database.db.raw('CREATE TEMPORARY TABLE blobs (id int PRIMARY KEY, data bytea)');
  });

  it('stores and reads back every byte value, an empty value and a slice of a larger buffer, as Buffers', async () => {
    const every = Buffer.from(Array.from({ length: 256 }, (_, n) => n));
    const backing = Buffer.from('xxhello, wörld\r\n\u0000yy');
    const slice = backing.subarray(2, backing.length - 2);
    await database.db('blobs').insert([
      { id: 1, data: every },
      { id: 2, data: Buffer.alloc(0) },
      { id: 3, data: slice },
      { id: 4, data: new Uint8Array([0, 255, 92, 120]) },
    ]);
    const rows = (await database.db('blobs').orderBy('id').select('data')) as { data: Uint8Array }[];
    expect(rows.map((row) => Buffer.from(row.data).toString('hex'))).toEqual([every.toString('hex'), '', slice.toString('hex'), '00ff5c78']);
    // What Postgres itself sees: the bytes, not their text.
    expect(await database.db('blobs').where({ id: 4 }).first(database.db.raw('length(data) AS n, get_byte(data, 2) AS b'))).toEqual({ n: 4, b: 92 });
  });
});
