import type { Page } from 'playwright-core';

/** A JSON call with the signed-in user's token and the CSRF header, as the web app sends it. */
export async function api<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const cookie = () =>
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length);
      if (!cookie()) await fetch('/api/auth/csrf');
      const headers: Record<string, string> = {
        Authorization: `Bearer ${localStorage.getItem('schutzwerk.token') ?? ''}`,
        'x-xsrf-token': decodeURIComponent(cookie() ?? ''),
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`/api/${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, data: text ? (JSON.parse(text) as { data: T }).data : (null as T) };
    },
    { method, path, body },
  );
}
