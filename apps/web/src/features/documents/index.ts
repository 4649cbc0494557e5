/** The documents feature's public face for other features (decision 029). */
export { downloadDocumentFile } from './api/download-document-file.ts';
export { AttachedDocuments } from './components/attached-documents.tsx';
