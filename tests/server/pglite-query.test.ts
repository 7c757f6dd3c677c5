/**
 * A PGlite query in one pass through its protocol code (server/db/pgliteQuery.ts): it must answer exactly what
 * PGlite's query() answers (rows, fields, row mode, errors, notifications) for the queries it takes, and leave the
 * rest (bytes, arrays, objects, other options) to query(). On PostgreSQL there is nothing to test.
 */
import * as pglite from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTripQuery } from '../../server/db/pgliteQuery';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a PGlite query in one pass', () => {
  let client: pglite.PGlite;
  let oneTrip: ReturnType<typeof oneTripQuery>;
  beforeAll(async () => {
    client = await pglite.PGlite.create('memory://');
    await client.exec('create table t (id int primary key, note text, at timestamptz, doc jsonb)');
    oneTrip = oneTripQuery(pglite, client, false);
  });
  afterAll(async () => {
    await client.close();
  });

  const typed = `select $1::int + 1 as n, $2::text as s, $3::bool as b, $4::bigint as big, $5::numeric as num, $6::jsonb as doc,
    $7::timestamptz as at, null::int as none, array[1, 2] as list, $8::int as missing`;
  const typedParams = [41, "o'brien; --", true, 9007199254740993n, '12.50', '{"a":[1,2]}', '2026-11-30T12:00:00Z', null];

  it('answers what query() answers: rows, fields and types, in either row mode', async () => {
    expect(await oneTrip(typed, typedParams, undefined)).toEqual(await client.query(typed, typedParams));
    expect(await oneTrip(typed, typedParams, { rowMode: 'array' })).toEqual(await client.query(typed, typedParams, { rowMode: 'array' }));
    const written = await oneTrip('insert into t (id, note) values ($1, $2) returning *', [1, 'first'], undefined);
    expect(written).toMatchObject({ rows: [{ id: 1, note: 'first', at: null, doc: null }], affectedRows: 1 });
    expect((await client.query('select note from t where id = 1')).rows).toEqual([{ note: 'first' }]);
  });

  it('refuses as query() refuses, and the next query runs', async () => {
    const error = await oneTrip('insert into t (id, note) values ($1, $2)', [1, 'again'], undefined)!.catch((e: unknown) => e);
    const expected = await client.query('insert into t (id, note) values ($1, $2)', [1, 'again']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', message: (expected as Error).message });
    expect((await oneTrip('select count(*)::int as n from t', [], undefined))!.rows).toEqual([{ n: 1 }]);
  });

  it('leaves bytes, arrays, objects and other options to query()', () => {
    expect(oneTrip('select $1::bytea', [new Uint8Array([1, 2])], undefined)).toBeNull();
    expect(oneTrip('select $1::int[]', [[1, 2]], undefined)).toBeNull();
    expect(oneTrip('select $1::jsonb', [{ a: 1 }], undefined)).toBeNull();
    expect(oneTrip('select 1', [], { paramTypes: [] })).toBeNull();
  });

  it("runs inside a transaction as the transaction's own query", async () => {
    await client.transaction(async (tx) => {
      const inTx = oneTripQuery(pglite, client, true);
      await inTx('insert into t (id, note) values ($1, $2)', [2, 'rolled back'], undefined);
      expect((await tx.query('select note from t where id = 2')).rows).toEqual([{ note: 'rolled back' }]);
      await tx.rollback();
    });
    expect((await client.query('select count(*)::int as n from t where id = 2')).rows).toEqual([{ n: 0 }]);
  });

  it('delivers the notifications its statement makes', async () => {
    const heard: string[] = [];
    await client.listen('one_trip', (payload) => heard.push(payload));
    await oneTrip('select pg_notify($1, $2)', ['one_trip', 'hello'], undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['hello']);
  });
});
