import {
  accidentReadLogQuerySchema,
  accidentReadRowSchema,
} from '@schutzwerk/shared/accidents/read-log.schema.ts';
import { idSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { AppError } from '#platform/errors.ts';
import { listRoute } from '#platform/list-route.ts';
import type { AccidentReadLog } from './accident-read-log.ts';

/** The list route does not validate path parameters: a malformed id is a report that does not exist. */
function reportIdOf(params: unknown): number {
  const parsed = idSchema.safeParse((params as { id?: unknown }).id);
  if (!parsed.success) throw new AppError('NOT_FOUND');
  return parsed.data;
}

/**
 * The read log of a report (decision 062): GET /api/accidents/:id/reads (query string) and POST …/reads/list
 * (body), list protocol. LOG_VIEWER („Änderungs- und Freigabeprotokolle anzeigen“) — who read what is data about colleagues,
 * kept to those entrusted with the logs; the report must also be readable by the caller.
 */
export function accidentReadLogRoutes(readLog: AccidentReadLog): FastifyPluginAsyncZod {
  return async (app) => {
    listRoute(app, {
      path: '/accidents/:id/reads',
      postPath: '/accidents/:id/reads/list',
      config: { access: anyOf(P.LOG_VIEWER) },
      query: accidentReadLogQuerySchema,
      row: accidentReadRowSchema,
      handler: (request, query) => readLog.list(requireActor(request), reportIdOf(request.params), query),
    });
  };
}
