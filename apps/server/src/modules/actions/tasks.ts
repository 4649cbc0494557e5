import type { Executor } from '#db/client.ts';
import { actionsRepository, type NewTask, type TaskSelector } from './actions.repository.ts';

/**
 * The public task functions other modules call inside their own transaction (decision 020). They write no
 * change-log row of their own: the calling module logs its change (e.g. "hazard assessment inactivated").
 * Other modules reach them through the module's index.ts.
 */

export type { NewTask, TaskSelector };

/** Creates an open task; answers its id. */
export async function createTask(ex: Executor, task: NewTask): Promise<number> {
  return actionsRepository.insertTask(ex, task);
}

/** The not-done (open or problem) tasks of a source, e.g. to keep derived tasks in sync without churn. */
export async function openTasks(ex: Executor, selector: TaskSelector) {
  return actionsRepository.openTasks(ex, selector);
}

/** Deletes the not-done (open or problem) tasks of a source, optionally only of some kinds; answers the count. */
export async function deleteOpenTasks(ex: Executor, selector: TaskSelector): Promise<number> {
  return actionsRepository.deleteOpenTasks(ex, selector);
}

/**
 * Marks the not-done tasks of a source done with a comment (e.g. "Gefährdungsbeurteilung inaktiviert"),
 * optionally only some kinds; answers the count. The actions themselves are not changed.
 */
export async function completeOpenTasks(
  ex: Executor,
  selector: TaskSelector & { comment: string; actorId?: number | null },
): Promise<number> {
  return actionsRepository.completeOpenTasks(ex, selector);
}
