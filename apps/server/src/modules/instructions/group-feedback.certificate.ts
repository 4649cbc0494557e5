import { germanDate, renderCertificate } from './certificate.render.ts';

/** What a group-confirmed item's certificate shows (decision 079). */
export type GroupItemCertificateData = {
  companyName: string;
  name: string;
  personnelNumber: string;
  topicIdentifier: string;
  topicLabel: string;
  /** yyyy-mm-dd: the day the instruction was given. */
  givenOn: string;
  /** The supervisor who confirmed it; null once that employee is deleted. */
  instructorName: string | null;
  /** yyyy-mm-dd, null: without end */
  validUntil: string | null;
};

const instructorText = (name: string | null) => name ?? 'eine nicht mehr geführte Person';

/**
 * The certificate of an item confirmed by a group feedback („Teilnahmebescheinigung“, decision 079): an
 * instruction given in person, confirmed by the supervisor — no questions, so no result line.
 */
export async function renderGroupItemCertificatePdf(
  data: GroupItemCertificateData,
  frame: { printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  const topic = `${data.topicIdentifier} ${data.topicLabel}`.trim();
  const instructor = instructorText(data.instructorName);
  return renderCertificate(
    {
      title: 'Teilnahmebescheinigung',
      companyName: data.companyName,
      statement: `Hiermit wird bestätigt, dass ${data.name} am ${germanDate(data.givenOn)} an der Unterweisung „${topic}“ teilgenommen hat.`,
      rows: [
        ['Name', data.personnelNumber ? `${data.name} (Personalnummer ${data.personnelNumber})` : data.name],
        ['Unterweisung', topic],
        ['Datum', germanDate(data.givenOn)],
        ['Form', `Unterweisung in der Gruppe, bestätigt durch ${instructor}`],
        ['Gültig bis', data.validUntil ? germanDate(data.validUntil) : 'ohne Ablaufdatum'],
      ],
      labelWidth: 110,
      closing:
        'Unterweisung nach § 12 ArbSchG und § 4 DGUV Vorschrift 1. Diese Bescheinigung wurde elektronisch erstellt.',
    },
    frame,
  );
}

/** What a group feedback's attendance record shows (decision 079). */
export type AttendanceRecordData = {
  companyName: string;
  /** yyyy-mm-dd */
  givenOn: string;
  instructorName: string | null;
  /** „<Kennung> <Bezeichnung>“, with „(Vorsorge)“ for a check-up. */
  topics: string[];
  note: string;
  employees: { name: string; personnelNumber: string; departmentName: string | null }[];
};

/**
 * The attendance record („Teilnahmenachweis“) of a group feedback: what was instructed, when and by whom, and
 * the employees with an empty signature column — what a supervisor prints for an instruction given in person.
 */
export async function renderAttendanceRecordPdf(
  data: AttendanceRecordData,
  frame: { printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  const rows: [string, string][] = [
    ['Datum', germanDate(data.givenOn)],
    ['Unterweisende Person', instructorText(data.instructorName)],
    ['Themen', data.topics.join('\n')],
    ['Teilnehmer', String(data.employees.length)],
  ];
  if (data.note) rows.push(['Bemerkung', data.note]);
  return renderCertificate(
    {
      title: 'Teilnahmenachweis',
      companyName: data.companyName,
      statement: `Die folgenden Mitarbeiter wurden am ${germanDate(data.givenOn)} in der Gruppe zu den genannten Themen unterwiesen. Mit ihrer Unterschrift bestätigen sie die Teilnahme.`,
      rows,
      labelWidth: 150,
      table: {
        columns: [
          { label: 'Nr.', width: 30 },
          { label: 'Name' },
          { label: 'Personalnummer', width: 108 },
          { label: 'Abteilung', width: 100 },
          { label: 'Unterschrift', width: 125 },
        ],
        rows: data.employees.map((e, i) => [
          String(i + 1),
          e.name,
          e.personnelNumber,
          e.departmentName ?? '',
          '',
        ]),
        rowHeight: 26,
      },
      closing:
        'Unterweisung nach § 12 ArbSchG und § 4 DGUV Vorschrift 1.\n\n\nUnterschrift der unterweisenden Person: ________________________________',
    },
    frame,
  );
}
