import { asc, sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { PgliteWorkerClient } from '../src/db/pglite-client.ts';

/**
 * PGlite in its worker thread (decision 039) against PGlite in the calling thread: the same rows, the same
 * errors, the same transaction semantics, and requests answered in the order they were made.
 */

/** The code, constraint and detail of a database error, wrapped by drizzle or not. */
function pgErrorOf(error: unknown): Record<string, unknown> {
  let e = error as { cause?: unknown; code?: unknown };
  while (e && typeof e.code !== 'string' && e.cause) e = e.cause as typeof e;
  const { code, constraint, detail, table, severity } = e as Record<string, unknown>;
  return { code, constraint, detail, table, severity };
}

/** The rows of `db.execute` (typed unknown for both drivers). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to fail');
}

const probe = pgTable('probe', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  n: bigint('n', { mode: 'number' }),
});

const TYPES = sql`select
  1::int as int4, 9007199254740993::int8 as int8, 12.50::numeric as num, 'ä"\\'::text as txt, true as bool,
  null::text as nothing, date '2026-03-01' as day, timestamp '2026-03-01 12:34:56.789' as ts,
  timestamptz '2026-03-01 12:34:56+01' as tstz, interval '1 day 2 hours' as span,
  '{"a":[1,2,{"b":null}],"c":"ü"}'::jsonb as doc, array[1,2,3]::int[] as ints, array['a',null,'c']::text[] as texts,
  array[date '2026-01-01']::date[] as days, array[1.5]::numeric[] as nums, '\\x00ff10'::bytea as bytes,
  '6f1c9a4e-6c1e-4a8e-9d4f-3b8a4d2c1e0f'::uuid as id`;

describe('PGlite in a worker thread', () => {
  let inWorker: Database;
  let inMain: Database;

  beforeAll(async () => {
    [inWorker, inMain] = await Promise.all([
      openDatabase({ kind: 'pglite', dataDir: undefined }),
      openDatabase({ kind: 'pglite', dataDir: undefined, thread: 'main' }),
    ]);
    for (const d of [inWorker, inMain]) {
      await d.db.execute(sql`create table probe (id int primary key, name text not null unique, n int8)`);
    }
  });
  afterAll(async () => {
    await inWorker?.close();
    await inMain?.close();
  });

  it('is the default and answers rows of every type as PGlite in the calling thread does', async () => {
    expect((inWorker.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PgliteWorkerClient);
    const [a, b] = await Promise.all([inWorker.db.execute(TYPES), inMain.db.execute(TYPES)]);
    expect(rowsOf(a)).toEqual(rowsOf(b));
    const row = rowsOf(a)[0] ?? {};
    // drizzle keeps dates, timestamps and intervals as text; PGlite parses the rest.
    expect(row).toMatchObject({ int4: 1, int8: 9007199254740993n, day: '2026-03-01', ints: [1, 2, 3] });
    expect(row.doc).toEqual({ a: [1, 2, { b: null }], c: 'ü' });
    expect(row.bytes).toEqual(new Uint8Array([0, 255, 16]));

    // drizzle's array row mode (a select with fields) on both.
    for (const d of [inWorker, inMain]) {
      await d.db.insert(probe).values([
        { id: 1, name: 'eins', n: 10 },
        { id: 2, name: 'zwei', n: null },
      ]);
    }
    const [wa, ma] = await Promise.all(
      [inWorker, inMain].map((d) => d.db.select().from(probe).orderBy(asc(probe.id))),
    );
    expect(wa).toEqual(ma);
    expect(wa).toEqual([
      { id: 1, name: 'eins', n: 10 },
      { id: 2, name: 'zwei', n: null },
    ]);
  });

  it('raises database errors with their PostgreSQL fields (code, constraint, detail)', async () => {
    const insert = sql`insert into probe values (3, 'eins', 1)`;
    const [a, b] = await Promise.all([
      caught(inWorker.db.execute(insert)),
      caught(inMain.db.execute(insert)),
    ]);
    expect(pgErrorOf(a)).toEqual(pgErrorOf(b));
    expect(pgErrorOf(a)).toMatchObject({
      code: '23505',
      constraint: 'probe_name_key',
      detail: 'Key (name)=(eins) already exists.',
      table: 'probe',
    });
    expect((a as Error).message).toBe((b as Error).message);
  });

  it('commits, rolls back on an error and on a savepoint, and refuses COMMIT after a failed statement', async () => {
    for (const d of [inWorker, inMain]) {
      await d.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (10, 'zehn', 1)`);
        await tx
          .transaction(async (inner) => {
            await inner.execute(sql`insert into probe values (11, 'elf', 1)`);
            throw new Error('inner');
          })
          .catch(() => undefined);
      });
      const failed = await caught(
        d.db.transaction(async (tx) => {
          await tx.execute(sql`insert into probe values (12, 'zwölf', 1)`);
          throw new Error('outer');
        }),
      );
      expect((failed as Error).message).toBe('outer');
      // A failed statement swallowed inside the transaction: COMMIT turns into ROLLBACK, which PGlite reports.
      const swallowed = await caught(
        d.db.transaction(async (tx) => {
          await tx.execute(sql`insert into probe values (13, 'dreizehn', 1)`);
          await caught(tx.execute(sql`insert into probe values (13, 'doppelt', 1)`));
        }),
      );
      expect(swallowed).toBeInstanceOf(Error);
      const ids = await d.db.execute(sql`select id from probe where id >= 10 order by id`);
      expect(rowsOf(ids)).toEqual([{ id: 10 }]);
    }
  });

  it('answers in the order asked; a transaction holds everything asked after it until it ends', async () => {
    const client = (inWorker.db as unknown as { $client: PgliteWorkerClient }).$client;
    const finished: string[] = [];
    const transaction = inWorker.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (20, 'zwanzig', 1)`);
      // More round trips to the worker: reads not held back would be answered meanwhile (and see 0 rows).
      for (let i = 0; i < 5; i++) await tx.execute(sql`select ${i}::int`);
      finished.push('tx');
    });
    const reads = Array.from({ length: 20 }, (_, i) =>
      client
        .query<{ n: number }>('select count(*)::int as n from probe where id = 20 and $1::int >= 0', [i])
        .then((r) => {
          finished.push(`read ${i}: ${r.rows[0]?.n}`);
        }),
    );
    await Promise.all([transaction, ...reads]);
    expect(finished).toEqual(['tx', ...Array.from({ length: 20 }, (_, i) => `read ${i}: 1`)]);
  });

  it('dumps its data directory, which opens again (reports and the test template use this)', async () => {
    const client = (inWorker.db as unknown as { $client: PgliteWorkerClient }).$client;
    const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
    const copy = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: dump });
    try {
      const rows = await copy.db.execute(sql`select id, name from probe order by id`);
      expect(rowsOf(rows).map((r) => r.id)).toEqual([1, 2, 10, 20]);
    } finally {
      await copy.close();
    }
  });

  it('refuses a parameter that cannot cross the thread and goes on serving', async () => {
    const client = (inWorker.db as unknown as { $client: PgliteWorkerClient }).$client;
    await expect(client.query('select $1::text as x', [() => 1])).rejects.toThrow();
    expect((await client.query<{ x: string }>('select $1::text as x', ['weiter'])).rows).toEqual([
      { x: 'weiter' },
    ]);
  });

  it('refuses requests once closed, and a second close is harmless', async () => {
    const d = await openDatabase({ kind: 'pglite', dataDir: undefined });
    await d.db.execute(sql`select 1`);
    await d.close();
    await d.close();
    await expect(d.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
