import { openPdf } from '#modules/reports/index.ts';

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

const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

/**
 * The external person's certificate („Unterweisungsnachweis für Externe“) on the report engine's PDF frame:
 * who (name, company, ID number), where, which topics, when, valid until when.
 */
export async function renderExternalCertificatePdf(
  data: ExternalCertificateData,
  frame: { printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  const pdf = openPdf({
    title: 'Unterweisungsnachweis für Externe',
    companyName: data.companyName,
    printedAt: frame.printedAt,
    logo: frame.logo ?? null,
  });
  const { doc, left, width } = pdf;
  doc
    .font('regular')
    .fontSize(11)
    .fillColor('#000000')
    .text(
      `Hiermit wird bestätigt, dass ${data.name} (${data.company}) vor Betreten des Standorts „${data.location}“ unterwiesen wurde und die Verständnisfragen aller Themen richtig beantwortet hat.`,
      left,
      pdf.top + 24,
      { width },
    );
  let y = doc.y + 18;
  const rows: [string, string][] = [
    ['Name', data.name],
    ['Firma', data.company],
    ['Ausweisnummer', data.idNumber],
    ['Standort', data.location],
    ['Themen', data.topics.join('\n')],
    ['Datum', germanDate(data.completedOn)],
    ['Gültig bis', data.validUntil ? germanDate(data.validUntil) : 'ohne Ablaufdatum'],
  ];
  const labelWidth = 120;
  for (const [label, value] of rows) {
    doc.font('bold').fontSize(11).text(`${label}:`, left, y, { width: labelWidth });
    doc
      .font('regular')
      .fontSize(11)
      .text(value, left + labelWidth, y, { width: width - labelWidth });
    y = Math.max(doc.y, y + doc.currentLineHeight(true)) + 8;
  }
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(
      'Unterweisung nach § 12 ArbSchG und § 4 DGUV Vorschrift 1. Dieser Nachweis wurde elektronisch erstellt.',
      left,
      y + 16,
      { width },
    );
  return pdf.finish();
}
