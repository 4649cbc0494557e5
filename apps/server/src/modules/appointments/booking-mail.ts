import { timeOf as timeOfMinute } from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { appointmentsMessages } from '@schutzwerk/shared/errors.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { z } from 'zod';
import type { enqueueMail, renderTemplateMail } from '#modules/mail/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { AppError } from '#platform/errors.ts';
import type { BookingMailer } from './appointments.bookings.ts';
import { berlinInstant, germanDate } from './berlin-time.ts';
import { bookingCalendarFile } from './calendar-file.ts';

const emailCheck = z.email();

/**
 * The mails of a booking (decision 060): „Termin gebucht“ with the iCalendar file (METHOD:REQUEST), „Termin
 * storniert“ with the cancelling one (METHOD:CANCEL, same UID, higher SEQUENCE), through the outbox in the
 * booking's transaction. An employee without a usable address gets none ("where possible", spec §4); a missing
 * template (0x803) does not stop the booking.
 */
export function bookingMailer(deps: {
  settings: Pick<SettingsService, 'read'>;
  mail: { render: typeof renderTemplateMail; enqueue: typeof enqueueMail };
}): BookingMailer {
  return async (tx, load, employee, kind) => {
    const to = employee.email?.trim() ?? '';
    if (!emailCheck.safeParse(to).success) return;
    const booking = await load();
    const system = await deps.settings.read(systemSettings, tx);
    const topics = booking.items.map((i) => i.topicLabel).join(', ');
    const start = timeOfMinute(booking.start_minute);
    const end = timeOfMinute(booking.end_minute);
    const base = system.applicationUrl.replace(/\/$/, '');
    const purpose = kind === 'booked' ? 'appointmentBooked' : 'appointmentCancelled';
    let rendered: Awaited<ReturnType<typeof renderTemplateMail>>;
    try {
      rendered = await deps.mail.render(tx, {
        purpose,
        language: employee.language || 'de',
        country: null,
        values: {
          firstName: employee.first_name,
          lastName: employee.last_name,
          topic: booking.window_title,
          items: appointmentsMessages.mailItems(
            booking.window_title,
            booking.location_name,
            appointmentsMessages.when(germanDate(booking.day), start, end),
            topics,
          ),
          url: base ? `${base}/appointments/book` : '',
          company: system.companyName,
        },
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'MAIL_TEMPLATE_NOT_FOUND') return;
      throw error;
    }
    const file = bookingCalendarFile({
      uid: booking.uid,
      // The cancelling file must outrank the request (RFC 5546): the booking's version counts up on each change.
      sequence: kind === 'booked' ? 0 : booking.version,
      cancelled: kind === 'cancelled',
      start: berlinInstant(booking.day, booking.start_minute),
      end: berlinInstant(booking.day, booking.end_minute),
      title: booking.window_title,
      location: booking.location_name,
      topics,
    });
    await deps.mail.enqueue(tx, {
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      purpose,
      relatedEmployeeId: employee.id,
      attachments: [file],
      ...(rendered.sender ? { from: rendered.sender } : {}),
    });
  };
}
