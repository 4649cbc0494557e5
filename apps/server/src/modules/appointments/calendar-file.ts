import { appointmentsMessages } from '@schutzwerk/shared/errors.ts';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MailAttachment } from '#modules/mail/index.ts';

/**
 * The iCalendar file of a booking (decision 060, ical-generator): METHOD:REQUEST when booked, METHOD:CANCEL with
 * STATUS:CANCELLED, the same UID and a higher SEQUENCE when cancelled, so calendars remove the entry.
 */
export function bookingCalendarFile(input: {
  uid: string;
  sequence: number;
  cancelled: boolean;
  start: Date;
  end: Date;
  title: string;
  location: string;
  topics: string;
  organizer?: { name: string; email: string } | undefined;
}): MailAttachment {
  const method = input.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({
    prodId: { company: 'Schutzwerk', product: 'Appointments', language: 'DE' },
    method,
  });
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    start: input.start,
    end: input.end,
    stamp: new Date(),
    summary: appointmentsMessages.icsSummary(input.title),
    description: appointmentsMessages.icsDescription(input.topics),
    location: input.location,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(input.organizer ? { organizer: input.organizer } : {}),
  });
  return {
    filename: appointmentsMessages.icsFileName,
    contentType: `text/calendar; charset=utf-8; method=${input.cancelled ? 'CANCEL' : 'REQUEST'}`,
    content: calendar.toString(),
  };
}
