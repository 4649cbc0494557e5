import {
  type ListQuery,
  type ListResult,
  listQuerySchema,
  listResponseSchema,
} from '@schutzwerk/shared/list/list.schema.ts';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from './access.ts';

/** The instance a route plugin gets (`FastifyPluginAsyncZod`): validation and serialisation through zod. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export type ListRouteOptions<Query extends z.ZodType<ListQuery>, Row extends z.ZodType> = {
  /** The GET path (query string); the POST (body) takes the same path unless `postPath` names another. */
  path: string;
  /** The POST path where the spec gives the POST its own (`GET /actions`, `POST /actions/list`). */
  postPath?: string;
  /** The route config of both methods: `access` (required) and the other flags of `FastifyContextConfig`. */
  config: FastifyContextConfig & { access: Access };
  /** The list query: `listQuerySchema` unless the source has filters of its own (`listQuerySchema.extend`). */
  query?: Query;
  /** One row of the answer; the response is `listResponseSchema(row)`: `{ data: { rows, filteredCount } }`. */
  row: Row;
  /** Runs the list with the validated query, whichever method brought it. */
  handler: (request: FastifyRequest, query: z.output<Query>) => Promise<ListResult<z.output<Row>>>;
};

/**
 * Registers a list source of the list protocol (spec shell §2.5, §7) once for both methods: GET reads the
 * query from the query string, POST from the body — same access, same validation (so the same 400 with
 * field paths under `querystring` or `body`), same handler and response schema.
 */
export function listRoute<
  Query extends z.ZodType<ListQuery> = typeof listQuerySchema,
  Row extends z.ZodType = z.ZodType,
>(app: ZodApp, options: ListRouteOptions<Query, Row>): void {
  const query = options.query ?? listQuerySchema;
  const response = { 200: listResponseSchema(options.row) };
  const { config, handler } = options;
  app.get(options.path, { config, schema: { querystring: query, response } }, async (request) => ({
    data: await handler(request, request.query as z.output<Query>),
  }));
  app.post(
    options.postPath ?? options.path,
    { config, schema: { body: query, response } },
    async (request) => ({ data: await handler(request, request.body as z.output<Query>) }),
  );
}
