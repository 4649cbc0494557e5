import {
  addWindowDaySchema,
  appointmentWindowSchema,
  bookableItemSchema,
  bookableQuerySchema,
  bookingListQuerySchema,
  bookingResultSchema,
  bookingSchema,
  calendarEntrySchema,
  calendarQuerySchema,
  createAppointmentWindowSchema,
  createBookingSchema,
  dayChangeResultSchema,
  lockWindowDaySchema,
  slotSchema,
  slotsQuerySchema,
  suggestionQuerySchema,
  suggestionSchema,
  updateAppointmentWindowSchema,
  windowDayParamsSchema,
  windowListQuerySchema,
} from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { idParamsSchema } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyOf } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import type { BookingsService } from './appointments.bookings.ts';
import type { WindowsService } from './appointments.windows.ts';

/** Time windows, bookings, the calendar and suggestions under /api/appointments (decision 060). */
export function appointmentsRoutes(
  windows: WindowsService,
  bookings: BookingsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const readWindows = {
      access: anyOf(
        P.APPOINTMENTS,
        P.APPOINTMENTS_ALL,
        P.APPOINTMENTS_TIME_WINDOWS,
        P.APPOINTMENTS_BOOK,
        P.APPOINTMENTS_BOOK_OWN,
      ),
    };
    const manage = { access: anyOf(P.APPOINTMENTS_TIME_WINDOWS) };
    const book = { access: anyOf(P.APPOINTMENTS_BOOK, P.APPOINTMENTS_BOOK_OWN) };
    const oneWindow = { 200: z.object({ data: appointmentWindowSchema }) };
    const oneBooking = { 200: z.object({ data: bookingSchema }) };
    const dayChange = { 200: z.object({ data: dayChangeResultSchema }) };

    app.get(
      '/appointments/windows',
      {
        config: readWindows,
        schema: {
          querystring: windowListQuerySchema,
          response: { 200: z.object({ data: z.array(appointmentWindowSchema) }) },
        },
      },
      async (request) => ({ data: await windows.list(requireActor(request), request.query) }),
    );
    app.get(
      '/appointments/windows/:id',
      { config: readWindows, schema: { params: idParamsSchema, response: oneWindow } },
      async (request) => ({ data: await windows.get(requireActor(request), request.params.id) }),
    );
    app.post(
      '/appointments/windows',
      {
        config: manage,
        schema: {
          body: createAppointmentWindowSchema,
          response: { 201: z.object({ data: appointmentWindowSchema }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await windows.create(requireActor(request), request.body) }),
    );
    app.patch(
      '/appointments/windows/:id',
      {
        config: manage,
        schema: { params: idParamsSchema, body: updateAppointmentWindowSchema, response: oneWindow },
      },
      async (request) => ({
        data: await windows.update(requireActor(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/appointments/windows/:id/days',
      { config: manage, schema: { params: idParamsSchema, body: addWindowDaySchema, response: oneWindow } },
      async (request) => ({
        data: await windows.addDay(requireActor(request), request.params.id, request.body.date),
      }),
    );
    app.post(
      '/appointments/windows/:id/days/lock',
      { config: manage, schema: { params: idParamsSchema, body: lockWindowDaySchema, response: dayChange } },
      async (request) => ({
        data: await windows.lockDay(
          requireActor(request),
          request.params.id,
          request.body.date,
          request.body.locked,
        ),
      }),
    );
    app.delete(
      '/appointments/windows/:id/days/:date',
      { config: manage, schema: { params: windowDayParamsSchema, response: dayChange } },
      async (request) => ({
        data: await windows.removeDay(requireActor(request), request.params.id, request.params.date),
      }),
    );
    app.get(
      '/appointments/windows/:id/slots',
      {
        config: readWindows,
        schema: {
          params: idParamsSchema,
          querystring: slotsQuerySchema,
          response: { 200: z.object({ data: z.array(slotSchema) }) },
        },
      },
      async (request) => ({
        data: await bookings.slots(requireActor(request), request.params.id, request.query.date),
      }),
    );

    app.post(
      '/appointments/bookings',
      {
        config: book,
        schema: { body: createBookingSchema, response: { 201: z.object({ data: bookingResultSchema }) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await bookings.book(requireActor(request), request.body) }),
    );
    app.get(
      '/appointments/bookings',
      {
        config: readWindows,
        schema: {
          querystring: bookingListQuerySchema,
          response: { 200: z.object({ data: z.array(bookingSchema) }) },
        },
      },
      async (request) => ({ data: await bookings.list(requireActor(request), request.query) }),
    );
    app.post(
      '/appointments/bookings/:id/cancel',
      { config: book, schema: { params: idParamsSchema, response: oneBooking } },
      async (request) => ({ data: await bookings.cancel(requireActor(request), request.params.id) }),
    );
    app.post(
      '/appointments/bookings/:id/done',
      {
        config: { access: anyOf(P.APPOINTMENTS_EDIT) },
        schema: { params: idParamsSchema, response: oneBooking },
      },
      async (request) => ({ data: await bookings.complete(requireActor(request), request.params.id) }),
    );
    app.get(
      '/appointments/bookable',
      {
        config: book,
        schema: {
          querystring: bookableQuerySchema,
          response: { 200: z.object({ data: z.array(bookableItemSchema) }) },
        },
      },
      async (request) => ({
        data: await bookings.bookable(requireActor(request), request.query.employeeId),
      }),
    );
    app.get(
      '/appointments/suggestions',
      {
        config: book,
        schema: {
          querystring: suggestionQuerySchema,
          response: { 200: z.object({ data: suggestionSchema }) },
        },
      },
      async (request) => ({
        data: await bookings.suggestions(requireActor(request), request.query.employeeId),
      }),
    );
    app.get(
      '/appointments/calendar',
      {
        config: readWindows,
        schema: {
          querystring: calendarQuerySchema,
          response: { 200: z.object({ data: z.array(calendarEntrySchema) }) },
        },
      },
      async (request) => ({ data: await bookings.calendar(requireActor(request), request.query) }),
    );
  };
}
