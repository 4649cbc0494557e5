import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';

/** The one read of the health check: is the database reachable (executor first, decision 031). */
export const healthRepository = {
  async ping(ex: Executor): Promise<void> {
    await ex.execute(sql`select 1`);
  },
};
