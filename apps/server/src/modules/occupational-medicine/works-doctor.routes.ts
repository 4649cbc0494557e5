import { loginLocalSchema, loginResponseSchema } from '@schutzwerk/shared/auth/auth.schema.ts';
import { idParamsSchema, versionQuerySchema } from '@schutzwerk/shared/list/list.schema.ts';
import { recordCheckupSchema } from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import {
  createWorksDoctorSchema,
  updateWorksDoctorSchema,
  worksDoctorAppointmentQuerySchema,
  worksDoctorAppointmentSchema,
  worksDoctorBodySchema,
  worksDoctorCheckupParamsSchema,
  worksDoctorContactSchema,
  worksDoctorEmployeeSchema,
  worksDoctorProfileSchema,
  worksDoctorSchema,
} from '@schutzwerk/shared/occupational-medicine/works-doctor.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf, authenticated, publicRoute } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { DeviceCookies } from '#platform/device-cookies.ts';
import type { WorksDoctorService } from './works-doctor.service.ts';

/** /api/works-doctor/… (decision 063). */
export function worksDoctorRoutes(
  service: WorksDoctorService,
  deviceCookies: DeviceCookies,
): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/works-doctor';
    // The doctor's view: the right WORKS_DOCTOR, and the service checks module and configuration every time.
    const doctor = { access: anyOf(P.WORKS_DOCTOR) };
    const admin = { access: anyOf(P.SETTINGS_HEALTHCARE) };
    const one = { 200: z.object({ data: worksDoctorSchema }) };

    app.post(
      `${base}/login`,
      {
        config: { access: publicRoute },
        schema: { body: loginLocalSchema, response: { 200: loginResponseSchema } },
      },
      async (request, reply) => {
        const userAgent = request.headers['user-agent'];
        const token = await service.login(request.body, {
          ip: request.ip,
          ...(userAgent ? { userAgent } : {}),
          device: deviceCookies.read(request, request.body.username),
        });
        deviceCookies.issue(request, reply, request.body.username);
        return { token };
      },
    );

    app.get(
      `${base}/me`,
      { config: doctor, schema: { response: { 200: z.object({ data: worksDoctorProfileSchema }) } } },
      async (request) => ({ data: await service.profile(requireActor(request)) }),
    );
    app.get(
      `${base}/employees`,
      {
        config: doctor,
        schema: { response: { 200: z.object({ data: z.array(worksDoctorEmployeeSchema) }) } },
      },
      async (request) => ({ data: await service.employees(requireActor(request)) }),
    );
    app.get(
      `${base}/employees/:id`,
      {
        config: doctor,
        schema: { params: idParamsSchema, response: { 200: z.object({ data: worksDoctorEmployeeSchema }) } },
      },
      async (request) => ({ data: await service.employee(requireActor(request), request.params.id) }),
    );
    // The doctor records a check-up of one of their employees' precautions (decision 072).
    app.post(
      `${base}/employees/:id/precautions/:precautionId/checkups`,
      {
        config: doctor,
        schema: {
          params: worksDoctorCheckupParamsSchema,
          body: recordCheckupSchema,
          response: { 200: z.object({ data: worksDoctorEmployeeSchema }) },
        },
      },
      async (request) => ({
        data: await service.recordCheckup(
          requireActor(request),
          request.params.id,
          request.params.precautionId,
          request.body,
        ),
      }),
    );
    app.get(
      `${base}/appointments`,
      {
        config: doctor,
        schema: {
          querystring: worksDoctorAppointmentQuerySchema,
          response: { 200: z.object({ data: z.array(worksDoctorAppointmentSchema) }) },
        },
      },
      async (request) => ({
        data: await service.appointments(requireActor(request), request.query.from, request.query.to),
      }),
    );

    // Every employee: the contact data of „Meine Vorsorge“ (null while not shown).
    app.get(
      `${base}/contact`,
      {
        config: { access: authenticated },
        schema: { response: { 200: z.object({ data: worksDoctorContactSchema }) } },
      },
      async (request) => ({ data: await service.contact(requireActor(request)) }),
    );

    // The administration of the settings tab „Betriebsarzt“.
    app.get(
      `${base}/doctors`,
      {
        config: { access: anyOf(P.SETTINGS_HEALTHCARE, P.SETTINGS_READONLY) },
        schema: { response: { 200: z.object({ data: z.array(worksDoctorSchema) }) } },
      },
      async (request) => ({ data: await service.list(requireActor(request)) }),
    );
    app.get(
      `${base}/executing-bodies`,
      {
        config: { access: anyOf(P.SETTINGS_HEALTHCARE, P.SETTINGS_READONLY) },
        schema: { response: { 200: z.object({ data: z.array(worksDoctorBodySchema) }) } },
      },
      async () => ({ data: await service.executingBodies() }),
    );
    app.post(
      `${base}/doctors`,
      {
        config: admin,
        schema: { body: createWorksDoctorSchema, response: { 201: z.object({ data: worksDoctorSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(requireActor(request), request.body) }),
    );
    app.patch(
      `${base}/doctors/:id`,
      { config: admin, schema: { params: idParamsSchema, body: updateWorksDoctorSchema, response: one } },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.delete(
      `${base}/doctors/:id`,
      {
        config: admin,
        schema: { params: idParamsSchema, querystring: versionQuerySchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await service.remove(requireActor(request), request.params.id, request.query.version);
        return reply.status(204).send(null);
      },
    );
  };
}
