/**
 * The public face of the instructions module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The check-up items of due occupational-medical precautions (decision 064).
export { CHECKUP_TOPIC_IDENTIFIER, checkupItems } from './checkup-items.repository.ts';
// External instructions at the public kiosk, their settings per location and records (decision 074).
export { externalInstructionsModule } from './external.module.ts';
// The starter catalogue (base data).
export { ensureStarterTopics, STARTER_TOPICS, seedDemoAssignments } from './instructions.base-data.ts';
// The module factory (wiring in app.ts) and the hook later slices push into.
export { instructionsModule } from './instructions.module.ts';
export type { TopicDeletionGuard } from './instructions.service.ts';
// The reminder job (decision 042; wiring in app.ts) and its further recipients (decision 072).
export { instructionRemindersModule, type ReminderHook } from './reminders.ts';
// The run-through, feedback and certificate (decision 041; wiring in app.ts).
export { instructionRunModule } from './run.module.ts';
// SCORM packages as topic content, launch, commits and completion (decision 068; wiring in app.ts).
export { scormModule } from './scorm.module.ts';
// The tables other modules may join.
export * from './tables.ts';
// Documents of a topic through the documents' attach API (wiring in app.ts).
export { registerTopicDocuments } from './topic-documents.ts';
// A topic's presentation and its questions' images in the documents' file store (decision 044; wiring in app.ts).
export { topicMediaModule } from './topic-media.module.ts';
export type { MediaFiles } from './topic-media.ts';
