import {
  approvalDecisionSchema,
  checklistWorkflowSchema,
  instanceApprovalSchema,
  updateChecklistWorkflowSchema,
} from '@schutzwerk/shared/checklists/checklist-workflow.schema.ts';
import { instanceParamsSchema } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { ChecklistWorkflowService } from './checklist-workflow.service.ts';

/** The builder's workflow, e-mail and printer settings and the approval of filled checklists (decision 066). */
export function checklistWorkflowRoutes(service: ChecklistWorkflowService): FastifyPluginAsyncZod {
  return async (app) => {
    const builder = { access: anyOf(P.AUDIT_CHECKLISTS_EDIT) };
    const one = { 200: z.object({ data: checklistWorkflowSchema }) };
    const approval = { 200: z.object({ data: instanceApprovalSchema }) };
    app.get(
      '/checklists/:id/workflow',
      { config: builder, schema: { params: idParamsSchema, response: one } },
      async (request) => ({ data: await service.get(requireActor(request), request.params.id) }),
    );
    app.put(
      '/checklists/:id/workflow',
      {
        config: builder,
        schema: { params: idParamsSchema, body: updateChecklistWorkflowSchema, response: one },
      },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.get(
      '/checklists/:id/instances/:instanceId/approval',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS) },
        schema: { params: instanceParamsSchema, response: approval },
      },
      async (request) => ({
        data: await service.approval(requireActor(request), request.params.id, request.params.instanceId),
      }),
    );
    app.post(
      '/checklists/:id/instances/:instanceId/approval',
      {
        config: { access: anyOf(P.AUDIT_CHECKLISTS) },
        schema: { params: instanceParamsSchema, body: approvalDecisionSchema, response: approval },
      },
      async (request) => ({
        data: await service.decide(
          requireActor(request),
          request.params.id,
          request.params.instanceId,
          request.body,
        ),
      }),
    );
  };
}
