import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  apiDownload,
  buildUrl,
  onPasswordChangeRequired,
  onSessionEnded,
} from './api-client.ts';
import { TOKEN_STORAGE_KEY } from './session-token.ts';

class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

type Call = { url: string; init: RequestInit };

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('api client', () => {
  let calls: Call[];
  let answers: Response[];

  beforeEach(() => {
    calls = [];
    answers = [];
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
    Object.defineProperty(globalThis, 'document', {
      value: { cookie: 'XSRF-TOKEN=csrf%20value' },
      configurable: true,
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new TypeError('no answer prepared');
      return answer;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('builds URLs below /api/ and drops empty query values', () => {
    expect(buildUrl('employee/list', { search: 'a b', offset: 0, x: undefined, y: null })).toBe(
      '/api/employee/list?search=a+b&offset=0',
    );
    expect(buildUrl('/auth/user')).toBe('/api/auth/user');
  });

  it('sends the bearer token, and the CSRF header on state-changing calls only', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    answers.push(json(200, { data: 1 }), json(204, undefined));
    await api.get('auth/user');
    await api.post('auth/logout');
    const [get, post] = calls as [Call, Call];
    const getHeaders = get.init.headers as Record<string, string>;
    const postHeaders = post.init.headers as Record<string, string>;
    expect(getHeaders.Authorization).toBe('Bearer tok');
    expect(getHeaders['x-xsrf-token']).toBeUndefined();
    expect(postHeaders['x-xsrf-token']).toBe('csrf value');
    expect(post.init.body).toBe('{}');
  });

  it('turns the error envelope into an ApiError', async () => {
    answers.push(
      json(400, {
        error: {
          code: 'INPUT_VALIDATION_ERROR',
          message: 'Bitte prüfen Sie Ihre Eingaben.',
          details: [{ path: ['name'], message: 'x' }],
        },
      }),
    );
    const error = await api.post('role', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'INPUT_VALIDATION_ERROR',
      details: [{ path: ['name'], message: 'x' }],
    });
  });

  it('reports network failures as status 0', async () => {
    const error = await api.get('auth/user').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('ends the session on 401 when a token was sent', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    answers.push(json(401, { error: { code: 'NOT_AUTHENTICATED', message: 'Bitte melden Sie sich an.' } }));
    await api.get('employee/list').catch(() => undefined);
    stop();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('tells the listeners when a new password is required (403 PASSWORD_CHANGE_REQUIRED), keeps the token', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const required = vi.fn();
    const stop = onPasswordChangeRequired(required);
    answers.push(json(403, { error: { code: 'NO_PERMISSION', message: 'Keine Berechtigung.' } }));
    await api.get('employee/list').catch(() => undefined);
    expect(required).not.toHaveBeenCalled();
    answers.push(
      json(403, { error: { code: 'PASSWORD_CHANGE_REQUIRED', message: 'Bitte neues Passwort.' } }),
    );
    const error = await api.get('employee/list').catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(ApiError);
    expect(required).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
  });

  it('fetches a fresh CSRF cookie and retries once on CSRF_INVALID', async () => {
    answers.push(
      json(403, { error: { code: 'CSRF_INVALID', message: '…' } }),
      json(200, { data: { token: 'new' } }),
      json(200, { token: 't' }),
    );
    const answer = await api.post<{ token: string }>('auth/login_local', { username: 'a', password: 'b' });
    expect(answer.token).toBe('t');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/auth/login_local',
      '/api/auth/csrf',
      '/api/auth/login_local',
    ]);
  });

  it('downloads a file with the name from content-filename, else from Content-Disposition', async () => {
    answers.push(
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'content-filename': encodeURIComponent('Mitarbeiterliste Köln.pdf') },
      }),
      new Response('a;b', {
        status: 200,
        headers: {
          'content-disposition': `attachment; filename="x.csv"; filename*=UTF-8''Gr%C3%BC%C3%9Fe.csv`,
        },
      }),
    );
    const first = await apiDownload('reports/generate', { method: 'POST', body: {} });
    expect(first.fileName).toBe('Mitarbeiterliste Köln.pdf');
    expect(await first.blob.text()).toBe('%PDF-1.7');
    expect((await apiDownload('x')).fileName).toBe('Grüße.csv');
  });
});
