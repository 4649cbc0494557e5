import { CSRF_COOKIE, CSRF_HEADER } from '@schutzwerk/shared/constants.ts';
import { clearToken, getToken } from './session-token.ts';

/** Where the API lives: same origin, below /api/. */
export const API_BASE = '/api/';

export type ApiErrorDetail = { path: string[]; message: string };

/** Every failed call ends as an ApiError built from the server's envelope `{ error: { code, message, details? } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[] | undefined;

  constructor(status: number, code: string, message: string, details?: ApiErrorDetail[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Status 0 marks a request that never reached the server (offline, DNS, aborted connection). */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

// ---------------------------------------------------------------------------------------------
// In-flight request counter (drives the progress bar) and the "session ended" signal.

type Listener = () => void;
let inFlight = 0;
const activityListeners = new Set<Listener>();
const sessionEndListeners = new Set<Listener>();

function setInFlight(delta: number): void {
  inFlight += delta;
  for (const listener of activityListeners) listener();
}

export const apiActivity = {
  subscribe(listener: Listener): () => void {
    activityListeners.add(listener);
    return () => activityListeners.delete(listener);
  },
  getSnapshot(): number {
    return inFlight;
  },
};

/** Called when the server answers 401 to a request that carried a token: the session is gone. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

const passwordChangeListeners = new Set<Listener>();

/**
 * Called when the server answers 403 PASSWORD_CHANGE_REQUIRED: the user must set a new password first
 * (a generated password was used, or another tab learned it first) — the first-login dialog takes over.
 */
export function onPasswordChangeRequired(listener: Listener): () => void {
  passwordChangeListeners.add(listener);
  return () => passwordChangeListeners.delete(listener);
}

// ---------------------------------------------------------------------------------------------
// CSRF: the server sets a readable cookie; every state-changing call echoes it in a header.

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

let csrfRequest: Promise<void> | undefined;

/** Makes sure the CSRF cookie exists (fetches it once if missing). */
export function ensureCsrfToken(force = false): Promise<void> {
  if (!force && readCookie(CSRF_COOKIE)) return Promise.resolve();
  csrfRequest ??= fetch(`${API_BASE}auth/csrf`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      csrfRequest = undefined;
    });
  return csrfRequest;
}

// ---------------------------------------------------------------------------------------------

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Extra request headers (e.g. the kiosk's visitor token, decision 074). */
  headers?: Record<string, string>;
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function parseError(response: Response): Promise<ApiError> {
  let code = 'UNKNOWN';
  let message = '';
  let details: ApiErrorDetail[] | undefined;
  try {
    const body = (await response.json()) as {
      error?: { code?: unknown; message?: unknown; details?: unknown };
    };
    if (body?.error) {
      if (typeof body.error.code === 'string') code = body.error.code;
      if (typeof body.error.message === 'string') message = body.error.message;
      if (Array.isArray(body.error.details)) details = body.error.details as ApiErrorDetail[];
    }
  } catch {
    // Not JSON (proxy error page, empty body): keep the defaults.
  }
  return new ApiError(response.status, code, message, details);
}

async function send(path: string, options: RequestOptions, retryCsrf: boolean): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (MUTATING.has(method)) {
    await ensureCsrfToken();
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }

  let response: Response;
  setInFlight(1);
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR_CODE, '');
  } finally {
    setInFlight(-1);
  }

  if (response.ok) return response;
  const error = await parseError(response);
  if (error.status === 403 && error.code === 'CSRF_INVALID' && retryCsrf) {
    await ensureCsrfToken(true);
    return send(path, options, false);
  }
  if (error.status === 401 && token && getToken() === token) {
    clearToken();
    for (const listener of sessionEndListeners) listener();
  }
  if (error.status === 403 && error.code === 'PASSWORD_CHANGE_REQUIRED') {
    for (const listener of passwordChangeListeners) listener();
  }
  throw error;
}

/** One call to the API. Resolves with the parsed JSON body (undefined for 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, true);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A call that answers a file (reports, documents): the body as a Blob and the file name the server
 * gives in the `content-filename` header (URL-encoded), else from Content-Disposition.
 */
export async function apiDownload(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, options, true);
  const encoded = response.headers.get('content-filename');
  let fileName: string | null = null;
  if (encoded) {
    try {
      fileName = decodeURIComponent(encoded);
    } catch {
      fileName = encoded;
    }
  } else {
    const disposition = response.headers.get('content-disposition') ?? '';
    const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    fileName = star ? decodeURIComponent(star) : (plain ?? null);
  }
  return { blob: await response.blob(), fileName };
}

/** Hands a downloaded file to the browser under its name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'GET', query, signal }),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) =>
    apiRequest<T>(path, { method: 'POST', body: body ?? {}, signal }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T = void>(path: string, query?: Record<string, QueryValue>) =>
    apiRequest<T>(path, { method: 'DELETE', query }),
};
