/** The documents feature's public face for other features (decision 029). */
export { createDocument } from './api/create-document.ts';
export { documentFileBlob, downloadDocumentFile } from './api/download-document-file.ts';
export { getDocument } from './api/get-document.ts';
export { uploadDocumentFile } from './api/upload-document-file.ts';
export { AttachedDocuments } from './components/attached-documents.tsx';
