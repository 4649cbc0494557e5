import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { instructionScormAttempts, instructionScormPackages } from './scorm.table.ts';

export type ScormPackageRecord = typeof instructionScormPackages.$inferSelect;
export type ScormAttemptRecord = typeof instructionScormAttempts.$inferSelect;

/** The SQL of SCORM packages and the learners' SCORM data (decision 068; executor first, decision 031). */
export const scormRepository = {
  async findPackage(ex: Executor, topicId: number): Promise<ScormPackageRecord | undefined> {
    const [row] = await ex
      .select()
      .from(instructionScormPackages)
      .where(eq(instructionScormPackages.topicId, topicId));
    return row;
  },

  async insertPackage(ex: Executor, values: typeof instructionScormPackages.$inferInsert) {
    const [row] = await ex.insert(instructionScormPackages).values(values).returning();
    return row;
  },

  async updatePackage(
    ex: Executor,
    topicId: number,
    patch: Partial<typeof instructionScormPackages.$inferInsert>,
  ) {
    const [row] = await ex
      .update(instructionScormPackages)
      .set(patch)
      .where(eq(instructionScormPackages.topicId, topicId))
      .returning();
    return row;
  },

  async deletePackage(ex: Executor, topicId: number): Promise<void> {
    await ex.delete(instructionScormPackages).where(eq(instructionScormPackages.topicId, topicId));
  },

  /** The attempt of an assignment, locked for the caller's transaction. */
  async findAttempt(ex: Executor, assignmentId: number): Promise<ScormAttemptRecord | undefined> {
    const [row] = await ex
      .select()
      .from(instructionScormAttempts)
      .where(eq(instructionScormAttempts.assignmentId, assignmentId))
      .for('update');
    return row;
  },

  /** The attempt a launch token (its SHA-256) admits while it is valid. */
  async attemptByToken(ex: Executor, tokenHash: string, now: Date): Promise<ScormAttemptRecord | undefined> {
    const [row] = await ex
      .select()
      .from(instructionScormAttempts)
      .where(
        and(
          eq(instructionScormAttempts.launchTokenHash, tokenHash),
          gt(instructionScormAttempts.launchExpiresAt, now),
        ),
      );
    return row;
  },

  async insertAttempt(ex: Executor, values: typeof instructionScormAttempts.$inferInsert) {
    const [row] = await ex.insert(instructionScormAttempts).values(values).returning();
    return row;
  },

  async updateAttempt(
    ex: Executor,
    id: number,
    patch: Partial<typeof instructionScormAttempts.$inferInsert>,
  ) {
    const [row] = await ex
      .update(instructionScormAttempts)
      .set(patch)
      .where(eq(instructionScormAttempts.id, id))
      .returning();
    return row;
  },

  async deleteAttempt(ex: Executor, id: number): Promise<void> {
    await ex.delete(instructionScormAttempts).where(eq(instructionScormAttempts.id, id));
  },
};

/**
 * Whether a topic's content is a SCORM package (decision 068): such a topic is released without questions, takes
 * no questions, and runs in the SCORM player instead of the question run-through.
 */
export async function hasScormPackage(ex: Executor, topicId: number): Promise<boolean> {
  return (await scormRepository.findPackage(ex, topicId)) !== undefined;
}
