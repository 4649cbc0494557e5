import { type ListQuery, listQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import Fastify, { type FastifyContextConfig } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anyOf, authenticated } from './access.ts';
import { registerErrorHandling } from './errors.ts';
import { listRoute } from './list-route.ts';

const rowSchema = z.object({ id: z.number().int(), name: z.string() });
const cityQuerySchema = listQuerySchema.extend({ city: z.string().max(20).optional() });

type Seen = { method: string; query: unknown; access: unknown };

/** A bare app with the server's compilers and error handler, and one plugin registering list routes. */
async function appWith(register: FastifyPluginAsyncZod) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const routes: { method: string; url: string; config: FastifyContextConfig | undefined }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, config: route.config });
    }
  });
  await app.register(register, { prefix: '/api' });
  await app.ready();
  opened.push(app);
  return { app, routes };
}

const opened: Awaited<ReturnType<typeof Fastify>>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

describe('listRoute', () => {
  it('answers GET from the query string and POST from the body with the same handler and envelope', async () => {
    const seen: Seen[] = [];
    const { app } = await appWith(async (app) => {
      listRoute(app, {
        path: '/things/list',
        config: { access: authenticated },
        query: cityQuerySchema,
        row: rowSchema,
        handler: async (request, query) => {
          seen.push({ method: request.method, query, access: request.routeOptions.config.access });
          return { rows: [{ id: 1, name: `${query.city ?? '-'} ${query.limit}` }], filteredCount: 1 };
        },
      });
    });

    const get = await app.inject({ method: 'GET', url: '/api/things/list?limit=5&city=Bonn&orderBy=name' });
    const post = await app.inject({
      method: 'POST',
      url: '/api/things/list',
      payload: { limit: '5', city: 'Bonn', orderBy: 'name' },
    });

    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ data: { rows: [{ id: 1, name: 'Bonn 5' }], filteredCount: 1 } });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual(get.json());
    // Both methods get the same parsed query, the list protocol's defaults filled in.
    const parsed = { search: '', orderBy: 'name', orderDirection: 'asc', offset: 0, limit: 5, city: 'Bonn' };
    expect(seen).toEqual([
      { method: 'GET', query: parsed, access: authenticated },
      { method: 'POST', query: parsed, access: authenticated },
    ]);
  });

  it('takes listQuerySchema when no query schema is given, and an empty POST body is the default query', async () => {
    const seen: ListQuery[] = [];
    const { app } = await appWith(async (app) => {
      listRoute(app, {
        path: '/plain/list',
        config: { access: authenticated },
        row: rowSchema,
        handler: async (_request, query) => {
          seen.push(query);
          return { rows: [], filteredCount: 0 };
        },
      });
    });

    expect((await app.inject({ method: 'GET', url: '/api/plain/list?city=Bonn' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/plain/list', payload: {} })).statusCode).toBe(200);
    const defaults = { search: '', orderDirection: 'asc', offset: 0, limit: 100 };
    expect(seen).toEqual([defaults, defaults]);
  });

  it('refuses an invalid query with the same 400 on both methods, before the handler runs', async () => {
    let calls = 0;
    const { app } = await appWith(async (app) => {
      listRoute(app, {
        path: '/things/list',
        config: { access: authenticated },
        query: cityQuerySchema,
        row: rowSchema,
        handler: async () => {
          calls++;
          return { rows: [], filteredCount: 0 };
        },
      });
    });

    const get = await app.inject({ method: 'GET', url: '/api/things/list?limit=101' });
    const post = await app.inject({ method: 'POST', url: '/api/things/list', payload: { limit: 101 } });

    for (const [res, where] of [
      [get, 'querystring'],
      [post, 'body'],
    ] as const) {
      expect(res.statusCode).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('INPUT_VALIDATION_ERROR');
      expect(error.details).toEqual([{ path: [where, 'limit'], message: expect.any(String) }]);
    }
    expect(get.json().error.details[0].message).toBe(post.json().error.details[0].message);
    expect(calls).toBe(0);
  });

  it('passes the route config through to both methods', async () => {
    const access = anyOf(7, 8);
    const { routes } = await appWith(async (app) => {
      listRoute(app, {
        path: '/things/list',
        config: { access, allowWhilePasswordChangeRequired: true },
        row: rowSchema,
        handler: async () => ({ rows: [], filteredCount: 0 }),
      });
    });

    expect(routes.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/things/list'],
      ['POST', '/api/things/list'],
    ]);
    for (const route of routes) {
      expect(route.config).toMatchObject({ access, allowWhilePasswordChangeRequired: true });
    }
  });

  it('registers the POST under postPath where the spec gives it its own path', async () => {
    const { app, routes } = await appWith(async (app) => {
      listRoute(app, {
        path: '/things',
        postPath: '/things/list',
        config: { access: authenticated },
        row: rowSchema,
        handler: async () => ({ rows: [{ id: 2, name: 'B' }], filteredCount: 1 }),
      });
    });

    expect(routes.map((r) => [r.method, r.url])).toEqual([
      ['GET', '/api/things'],
      ['POST', '/api/things/list'],
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/things' })).json().data.filteredCount).toBe(1);
    expect((await app.inject({ method: 'POST', url: '/api/things/list', payload: {} })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/things', payload: {} })).statusCode).toBe(404);
  });

  it('serialises the rows through the row schema (fields it does not declare are not sent)', async () => {
    const { app } = await appWith(async (app) => {
      listRoute(app, {
        path: '/things/list',
        config: { access: authenticated },
        row: rowSchema,
        handler: async () => {
          const stored = { id: 3, name: 'C', secret: 'x' };
          return { rows: [stored], filteredCount: 1 };
        },
      });
    });

    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({
        method,
        url: '/api/things/list',
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.json()).toEqual({ data: { rows: [{ id: 3, name: 'C' }], filteredCount: 1 } });
    }
  });
});
