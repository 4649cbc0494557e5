import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** Raw SQL for the few queries the query builder cannot express; both drivers answer `{ rows }`. */
export async function queryRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
