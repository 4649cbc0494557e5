import { and, eq, gte } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { checklistProtections, checklistUnlocks } from './checklist-protection.table.ts';

/** Data access of password-protected checklists (decision 059): no rules, no German text. */
export const checklistProtectionRepository = {
  async find(ex: Executor, checklistId: number): Promise<{ hash: string; setAt: Date } | undefined> {
    const [row] = await ex
      .select({ hash: checklistProtections.passwordHash, setAt: checklistProtections.setAt })
      .from(checklistProtections)
      .where(eq(checklistProtections.checklistId, checklistId));
    return row;
  },

  async unlockedSince(ex: Executor, checklistId: number, employeeId: number, since: Date): Promise<boolean> {
    const [row] = await ex
      .select({ at: checklistUnlocks.unlockedAt })
      .from(checklistUnlocks)
      .where(
        and(
          eq(checklistUnlocks.checklistId, checklistId),
          eq(checklistUnlocks.employeeId, employeeId),
          gte(checklistUnlocks.unlockedAt, since),
        ),
      );
    return row !== undefined;
  },

  async save(ex: Executor, checklistId: number, passwordHash: string): Promise<void> {
    const setAt = new Date();
    await ex
      .insert(checklistProtections)
      .values({ checklistId, passwordHash, setAt })
      .onConflictDoUpdate({ target: checklistProtections.checklistId, set: { passwordHash, setAt } });
  },

  async remove(ex: Executor, checklistId: number): Promise<void> {
    await ex.delete(checklistProtections).where(eq(checklistProtections.checklistId, checklistId));
  },

  async clearUnlocks(ex: Executor, checklistId: number): Promise<void> {
    await ex.delete(checklistUnlocks).where(eq(checklistUnlocks.checklistId, checklistId));
  },

  async recordUnlock(ex: Executor, checklistId: number, employeeId: number): Promise<void> {
    const unlockedAt = new Date();
    await ex
      .insert(checklistUnlocks)
      .values({ checklistId, employeeId, unlockedAt })
      .onConflictDoUpdate({
        target: [checklistUnlocks.checklistId, checklistUnlocks.employeeId],
        set: { unlockedAt },
      });
  },
};
