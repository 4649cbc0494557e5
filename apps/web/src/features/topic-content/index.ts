/**
 * The public face of the topic-content feature (decision 043): what the topics list uses — the export and the
 * import dialog. The question overview page is reached through the router.
 */
export { useExportTopics } from './api/topics-transfer.ts';
export { ImportTopicsDialog } from './import-topics-dialog.tsx';
