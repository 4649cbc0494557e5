import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
import type { Document } from '@schutzwerk/shared/documents/documents.schema.ts';
import {
  ApiError,
  type ApiErrorDetail,
  buildUrl,
  ensureCsrfToken,
  NETWORK_ERROR_CODE,
  readCookie,
} from '#lib/api-client.ts';
import { getToken } from '#lib/session-token.ts';

export type UploadInput = {
  documentId: number;
  /** The record's version (optimistic locking). */
  version: number;
  file: File;
  comment: string;
  /** 0 … 1 while the bytes go out. */
  onProgress?: (fraction: number) => void;
};

/**
 * Uploads a new file version as multipart/form-data (fields `version`, `comment`, then `file`). XHR instead
 * of fetch: only XHR reports upload progress. Same token, CSRF header and error envelope as `api`.
 */
export async function uploadDocumentFile(input: UploadInput): Promise<Document> {
  await ensureCsrfToken();
  const form = new FormData();
  form.append('version', String(input.version));
  if (input.comment.trim()) form.append('comment', input.comment.trim());
  form.append('file', input.file, input.file.name);
  return new Promise<Document>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(`documents/${input.documentId}/versions`));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_CODE, ''));
    xhr.onload = () => {
      let body: { data?: Document; error?: { code?: string; message?: string; details?: unknown } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: defaults below
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.data) {
        resolve(body.data);
        return;
      }
      const details = Array.isArray(body.error?.details)
        ? (body.error.details as ApiErrorDetail[])
        : undefined;
      reject(new ApiError(xhr.status, body.error?.code ?? 'UNKNOWN', body.error?.message ?? '', details));
    };
    xhr.send(form);
  });
}
