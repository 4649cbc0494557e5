import { appointmentSettingsCategory } from '@schutzwerk/shared/settings/appointments.settings.ts';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '#db/client.ts';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import { readPortalSettings, type SettingsService } from '#modules/settings/index.ts';
import { createBookingsService } from './appointments.bookings.ts';
import { appointmentsRepository } from './appointments.repository.ts';
import { appointmentsRoutes } from './appointments.routes.ts';
import { createWindowsService } from './appointments.windows.ts';
import { bookingMailer } from './booking-mail.ts';

/** Appointments, first slice (decision 060): time windows, booking with iCalendar mails, calendar, suggestions. */
export function appointmentsModule(deps: {
  db: Db;
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const settings = (ex: Executor, portalId: number) =>
    readPortalSettings(ex, appointmentSettingsCategory, portalId);
  const bookings = createBookingsService({
    db: deps.db,
    repository: appointmentsRepository,
    settings,
    mailer: bookingMailer({ settings: deps.settings, mail: deps.mail }),
    now,
  });
  const windows = createWindowsService({
    db: deps.db,
    repository: appointmentsRepository,
    settings,
    cancelDay: bookings.cancelDay,
    now,
  });
  return {
    /** For occupational medicine: a recorded check-up completes the item's booked appointment (decision 072). */
    checkups: { checkupRecorded: bookings.checkupRecorded },
    async register(app: FastifyInstance) {
      await app.register(appointmentsRoutes(windows, bookings), { prefix: '/api' });
    },
  };
}
