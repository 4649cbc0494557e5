import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
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
 * The two calls of the import that are not JSON in, JSON out: the upload sends the file's raw bytes,
 * the commit answers a stream of JSON lines. Same token, CSRF header and error envelope as `api`.
 */
export async function rawRequest(
  path: string,
  init: { body: BodyInit; contentType: string; query?: Record<string, QueryValue>; accept?: string },
): Promise<Response> {
  await ensureCsrfToken();
  const headers: Record<string, string> = {
    Accept: init.accept ?? 'application/json',
    'Content-Type': init.contentType,
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, init.query), {
      method: 'POST',
      headers,
      body: init.body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, '');
  }
  if (response.ok) return response;
  let code = 'UNKNOWN';
  let message = '';
  let details: ApiErrorDetail[] | undefined;
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; details?: unknown };
    };
    code = body.error?.code ?? code;
    message = body.error?.message ?? '';
    if (Array.isArray(body.error?.details)) details = body.error.details as ApiErrorDetail[];
  } catch {
    // not JSON: keep the defaults
  }
  throw new ApiError(response.status, code, message, details);
}
