import { eq } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { substanceVersions } from './substances.table.ts';
import { substanceRegisterEntries } from './substitution.table.ts';

const r = substanceRegisterEntries;

/** Data access of the register fields and the SDS release (decision 050). */
export const registerRepository = {
  async find(ex: Executor, substanceId: number) {
    const [row] = await ex.select().from(r).where(eq(r.substanceId, substanceId));
    return row;
  },

  /** Makes the row on first save; changes only the named columns. */
  async upsert(ex: Executor, substanceId: number, patch: Partial<typeof r.$inferInsert>) {
    await ex
      .insert(r)
      .values({ substanceId, ...patch })
      .onConflictDoUpdate({ target: r.substanceId, set: patch });
  },

  async designation(ex: Executor, versionId: number | null): Promise<string> {
    if (versionId === null) return '';
    const [row] = await ex
      .select({ designation: substanceVersions.designation })
      .from(substanceVersions)
      .where(eq(substanceVersions.id, versionId));
    return row?.designation ?? '';
  },
};
