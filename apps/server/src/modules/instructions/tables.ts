/**
 * The tables of the instructions module that other modules may join or reference (decision 029; read-only, writes
 * go through the module). Kept apart from index.ts so that table files can import it without pulling in the
 * whole module.
 */

export { instructionGroupFeedbackItems, instructionGroupFeedbacks } from './group-feedback.table.ts';
export { instructionAssignments, instructionQuestions, instructionTopics } from './instructions.table.ts';
export {
  instructionExceptions,
  instructionProfileSources,
  instructionProfiles,
  instructionProfileTopics,
} from './profiles.table.ts';
export { instructionReminders } from './reminders.table.ts';
export { instructionRemovals } from './removals.table.ts';
