import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { passwordResets } from './password-resets.table.ts';

/**
 * Credentials data of the auth module: generated passwords and the employee's password fields. Each function
 * takes the executor first (the database, or the caller's transaction).
 */
export const authRepository = {
  async findValidReset(ex: Executor, employeeId: number) {
    const [row] = await ex
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.employeeId, employeeId), gt(passwordResets.validUntil, sql`now()`)));
    return row;
  },

  /** One generated password per employee: a new request replaces the previous one. */
  async upsertReset(ex: Executor, employeeId: number, passwordHash: string, validUntil: Date) {
    await ex
      .insert(passwordResets)
      .values({ employeeId, passwordHash, validUntil })
      .onConflictDoUpdate({
        target: passwordResets.employeeId,
        set: { passwordHash, validUntil, createdAt: sql`now()` },
      });
  },

  /**
   * 'Passwort zurücksetzen': the old password stops working and the next sign-in must set a new one. Only when
   * `version` matches; the new version, or undefined when nothing was updated (a stale save).
   */
  async clearPasswordVersioned(
    ex: Executor,
    employeeId: number,
    version: number,
  ): Promise<number | undefined> {
    const [updated] = await ex
      .update(employees)
      .set({
        passwordHash: null,
        mustChangePassword: true,
        version: sql`${employees.version} + 1`,
        updatedAt: new Date(),
      })
      .where(sql`${employees.id} = ${employeeId} and ${employees.version} = ${version}`)
      .returning({ version: employees.version });
    return updated?.version;
  },

  async deleteReset(ex: Executor, employeeId: number) {
    await ex.delete(passwordResets).where(eq(passwordResets.employeeId, employeeId));
  },

  /** Removes generated passwords whose validity has ended; returns how many. */
  async deleteExpiredResets(ex: Executor, now: Date): Promise<number> {
    const rows = await ex
      .delete(passwordResets)
      .where(lt(passwordResets.validUntil, now))
      .returning({ id: passwordResets.employeeId });
    return rows.length;
  },

  async setPassword(
    ex: Executor,
    id: number,
    patch: { passwordHash: string; mustChangePassword: boolean; firstName?: string; lastName?: string },
  ) {
    await ex
      .update(employees)
      .set({ ...patch, version: sql`${employees.version} + 1`, updatedAt: new Date() })
      .where(eq(employees.id, id));
  },
};

export type AuthRepository = typeof authRepository;
