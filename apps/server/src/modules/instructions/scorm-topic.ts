import { eq } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { instructionScormPackages } from './scorm.table.ts';

/**
 * Whether a topic's content is a SCORM package (decision 068): such a topic is released without questions, takes
 * no questions, and runs in the SCORM player instead of the question run-through.
 */
export async function hasScormPackage(ex: Executor, topicId: number): Promise<boolean> {
  const rows = await ex
    .select({ topicId: instructionScormPackages.topicId })
    .from(instructionScormPackages)
    .where(eq(instructionScormPackages.topicId, topicId))
    .limit(1);
  return rows.length > 0;
}
