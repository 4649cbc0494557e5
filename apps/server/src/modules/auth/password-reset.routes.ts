import { resetPasswordResultSchema, resetPasswordSchema } from '@schutzwerk/shared/auth/auth.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { createPasswordResetService } from './password-reset.service.ts';

/** POST /api/employee/:id/resetPassword — 'Passwort zurücksetzen' on the employee record. */
export function passwordResetRoutes(
  service: ReturnType<typeof createPasswordResetService>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/employee/:id/resetPassword',
      {
        config: { access: anyOf(P.EMPLOYEES_RESET_PASSWORD) },
        schema: {
          params: idParamsSchema,
          body: resetPasswordSchema,
          response: { 200: resetPasswordResultSchema },
        },
      },
      async (request) => ({
        data: await service.reset(requireActor(request), request.params.id, request.body),
      }),
    );
  };
}
