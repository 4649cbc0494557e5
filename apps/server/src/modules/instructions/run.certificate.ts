import { openPdf } from '#modules/reports/index.ts';

/** What a certificate shows (decision 041): name, topic, date, result, valid until. */
export type CertificateData = {
  companyName: string;
  name: string;
  personnelNumber: string;
  topicIdentifier: string;
  topicLabel: string;
  /** yyyy-mm-dd (Europe/Berlin) */
  completedOn: string;
  mode: 1 | 3;
  score: number;
  total: number;
  minScore: number | null;
  /** yyyy-mm-dd, null: without end */
  validUntil: string | null;
};

const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

/** The result line: all questions right (mode 1), or the points against the minimum score (mode 3). */
export function certificateResult(
  data: Pick<CertificateData, 'mode' | 'score' | 'total' | 'minScore'>,
): string {
  if (data.mode === 3)
    return `bestanden mit ${data.score} von ${data.total} Punkten (Mindestpunktzahl ${data.minScore ?? 0})`;
  return `bestanden – alle ${data.total} Fragen richtig beantwortet`;
}

/**
 * The certificate of participation („Teilnahmebescheinigung“) on the report engine's PDF frame (company, logo,
 * print date, „Seite x von y“): who, which topic, when, with which result, valid until when.
 */
export async function renderCertificatePdf(
  data: CertificateData,
  frame: { printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  const pdf = openPdf({
    title: 'Teilnahmebescheinigung',
    companyName: data.companyName,
    printedAt: frame.printedAt,
    logo: frame.logo ?? null,
  });
  const { doc, left, width } = pdf;
  const topic = `${data.topicIdentifier} ${data.topicLabel}`.trim();
  doc
    .font('regular')
    .fontSize(11)
    .fillColor('#000000')
    .text(
      `Hiermit wird bestätigt, dass ${data.name} an der Unterweisung „${topic}“ teilgenommen und die Verständnisfragen erfolgreich beantwortet hat.`,
      left,
      pdf.top + 24,
      { width },
    );
  let y = doc.y + 18;
  const rows: [string, string][] = [
    ['Name', data.personnelNumber ? `${data.name} (Personalnummer ${data.personnelNumber})` : data.name],
    ['Unterweisung', topic],
    ['Datum', germanDate(data.completedOn)],
    ['Ergebnis', certificateResult(data)],
    ['Gültig bis', data.validUntil ? germanDate(data.validUntil) : 'ohne Ablaufdatum'],
  ];
  const labelWidth = 110;
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
      'Unterweisung nach § 12 ArbSchG und § 4 DGUV Vorschrift 1. Diese Bescheinigung wurde elektronisch erstellt.',
      left,
      y + 16,
      { width },
    );
  return pdf.finish();
}
