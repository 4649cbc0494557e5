import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import {
  ApiError,
  type ApiErrorDetail,
  buildUrl,
  ensureCsrfToken,
  NETWORK_ERROR_CODE,
  type QueryValue,
  readCookie,
} from '#lib/api-client.ts';
import { getToken } from '#lib/session-token.ts';

/**
 * Sends a file's raw bytes to one of a topic's file routes (presentation, question image; decision 044) and
 * answers the topic. The server sniffs the type from the content, so the body goes as octet-stream. Same token,
 * CSRF header and error envelope as `api`.
 */
export async function uploadTopicFile<T = Topic>(
  path: string,
  file: Blob,
  query: Record<string, QueryValue>,
): Promise<T> {
  await ensureCsrfToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/octet-stream',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method: 'POST',
      headers,
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, '');
  }
  let body: { data?: T; error?: { code?: string; message?: string; details?: unknown } } = {};
  try {
    body = await response.json();
  } catch {
    // not JSON: the defaults below
  }
  if (response.ok && body.data) return body.data;
  const details = Array.isArray(body.error?.details) ? (body.error.details as ApiErrorDetail[]) : undefined;
  throw new ApiError(response.status, body.error?.code ?? 'UNKNOWN', body.error?.message ?? '', details);
}
