import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { substanceSdsProposals } from './sds.table.ts';
import { clpStatements } from './substances.table.ts';

/** Queries of the SDS import (decision 049): the catalogue codes, the unconfirmed proposals. */
export const sdsRepository = {
  async knownCodes(ex: Executor, codes: string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await ex
      .select({ code: clpStatements.code })
      .from(clpStatements)
      .where(inArray(clpStatements.code, codes));
    return new Set(rows.map((r) => r.code));
  },

  async upsertProposal(ex: Executor, substanceId: number, field: string, value: string): Promise<void> {
    await ex
      .insert(substanceSdsProposals)
      .values({ substanceId, field, value })
      .onConflictDoUpdate({
        target: [substanceSdsProposals.substanceId, substanceSdsProposals.field],
        set: { value, createdAt: new Date() },
      });
  },

  proposals(ex: Executor, substanceId: number) {
    return ex.select().from(substanceSdsProposals).where(eq(substanceSdsProposals.substanceId, substanceId));
  },

  /** Removes the named proposals (all when `fields` is empty); answers the removed fields. */
  async confirm(ex: Executor, substanceId: number, fields: string[]): Promise<string[]> {
    const where =
      fields.length > 0
        ? and(
            eq(substanceSdsProposals.substanceId, substanceId),
            inArray(substanceSdsProposals.field, fields),
          )
        : eq(substanceSdsProposals.substanceId, substanceId);
    const removed = await ex
      .delete(substanceSdsProposals)
      .where(where)
      .returning({ field: substanceSdsProposals.field });
    return removed.map((r) => r.field);
  },
};
