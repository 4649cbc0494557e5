import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { hashPassword, verifyPassword } from '#platform/password.ts';
import { checklistProtectionRepository as repository } from './checklist-protection.repository.ts';

/**
 * Password-protected checklists (decision 059). The password is hashed with the project's password hash
 * (argon2id); an employee who typed it unlocks the checklist for themselves until the password changes.
 * Reading or filling an instance of a protected checklist without an unlock answers 403
 * CHECKLIST_PASSWORD_REQUIRED; a wrong password 400 CHECKLIST_PASSWORD_INVALID.
 */
export const checklistProtection = {
  async isProtected(ex: Executor, checklistId: number): Promise<boolean> {
    return (await repository.find(ex, checklistId)) !== undefined;
  },

  /** Whether the actor may open the checklist's instances: not protected, or unlocked since the last change. */
  async isUnlocked(ex: Executor, actor: Actor, checklistId: number): Promise<boolean> {
    const protection = await repository.find(ex, checklistId);
    if (!protection) return true;
    return repository.unlockedSince(ex, checklistId, actor.employeeId, protection.setAt);
  },

  async requireUnlocked(ex: Executor, actor: Actor, checklistId: number): Promise<void> {
    if (!(await this.isUnlocked(ex, actor, checklistId))) throw new AppError('CHECKLIST_PASSWORD_REQUIRED');
  },

  /** Sets (or, with null, removes) the password; earlier unlocks end. */
  async setPassword(ex: Executor, checklistId: number, password: string | null): Promise<void> {
    await repository.clearUnlocks(ex, checklistId);
    if (password === null) await repository.remove(ex, checklistId);
    else await repository.save(ex, checklistId, await hashPassword(password));
  },

  /** Checks the password on the server and records the unlock of the actor. */
  async unlock(ex: Executor, actor: Actor, checklistId: number, password: string): Promise<void> {
    const protection = await repository.find(ex, checklistId);
    if (!protection) return;
    if (!(await verifyPassword(protection.hash, password))) throw new AppError('CHECKLIST_PASSWORD_INVALID');
    await repository.recordUnlock(ex, checklistId, actor.employeeId);
  },
};
