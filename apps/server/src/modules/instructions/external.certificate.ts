import { germanDate, renderCertificate } from './certificate.render.ts';

/** What an external person's certificate shows (decision 074). */
export type ExternalCertificateData = {
  companyName: string;
  name: string;
  company: string;
  idNumber: string;
  location: string;
  topics: string[];
  /** yyyy-mm-dd (Europe/Berlin) */
  completedOn: string;
  /** yyyy-mm-dd, null: without end */
  validUntil: string | null;
};

/**
 * The external person's certificate („Unterweisungsnachweis für Externe“) on the shared certificate renderer:
 * who (name, company, ID number), where, which topics, when, valid until when.
 */
export async function renderExternalCertificatePdf(
  data: ExternalCertificateData,
  frame: { printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  return renderCertificate(
    {
      title: 'Unterweisungsnachweis für Externe',
      companyName: data.companyName,
      statement: `Hiermit wird bestätigt, dass ${data.name} (${data.company}) vor Betreten des Standorts „${data.location}“ unterwiesen wurde und die Verständnisfragen aller Themen richtig beantwortet hat.`,
      rows: [
        ['Name', data.name],
        ['Firma', data.company],
        ['Ausweisnummer', data.idNumber],
        ['Standort', data.location],
        ['Themen', data.topics.join('\n')],
        ['Datum', germanDate(data.completedOn)],
        ['Gültig bis', data.validUntil ? germanDate(data.validUntil) : 'ohne Ablaufdatum'],
      ],
      labelWidth: 120,
      closing:
        'Unterweisung nach § 12 ArbSchG und § 4 DGUV Vorschrift 1. Dieser Nachweis wurde elektronisch erstellt.',
    },
    frame,
  );
}
