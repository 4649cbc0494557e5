import { ApiError, buildUrl, NETWORK_ERROR_CODE } from '#lib/api-client.ts';
import { getToken } from '#lib/session-token.ts';

/** The file name of a Content-Disposition header (RFC 5987 `filename*` preferred). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // malformed: try the plain one
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain?.[1] || fallback;
}

/** Fetches one file version with the bearer token; a failed answer becomes an ApiError. */
async function fetchDocumentFile(documentId: number, versionId: number): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(`documents/${documentId}/versions/${versionId}/file`), {
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, '');
  }
  if (!response.ok) {
    let code = 'UNKNOWN';
    let message = '';
    try {
      const body = (await response.json()) as { error?: { code?: string; message?: string } };
      code = body.error?.code ?? code;
      message = body.error?.message ?? '';
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, code, message);
  }
  return response;
}

/** The bytes of one file version (e.g. a photo shown in a checklist cell). */
export async function documentFileBlob(documentId: number, versionId: number): Promise<Blob> {
  return (await fetchDocumentFile(documentId, versionId)).blob();
}

/**
 * Downloads one file version: the API needs the bearer token, so the browser cannot follow a plain link;
 * the bytes are fetched and saved under the name the server gives.
 */
export async function downloadDocumentFile(documentId: number, versionId: number, fallbackName: string) {
  const response = await fetchDocumentFile(documentId, versionId);
  const name = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
