/**
 * The public face of the documents module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The module factory (wiring in app.ts).
export { documentsModule } from './documents.module.ts';
// What a module needs to attach documents to its records (hazard analysis).
export type { DocumentsRepository } from './documents.repository.ts';
// The download header of stored files (the substances' data sheets, decision 049).
export { contentDisposition } from './documents.routes.ts';
export type { DocumentChangeHook, DocumentLinkTargets, DocumentsService } from './documents.service.ts';
