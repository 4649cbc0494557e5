import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#db/client.ts';
import { publicRoute } from '#platform/access.ts';
import { healthRepository } from './health.repository.ts';

/** Liveness and database reachability, for load balancers and the test harness. */
export function healthModule(database: Database) {
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/health',
      {
        config: { access: publicRoute },
        schema: {
          response: { 200: z.object({ data: z.object({ status: z.literal('ok'), database: z.string() }) }) },
        },
      },
      async () => {
        await healthRepository.ping(database.db);
        return { data: { status: 'ok' as const, database: database.kind } };
      },
    );
  };
  return { register: (app: FastifyInstance) => app.register(routes, { prefix: '/api' }) };
}
