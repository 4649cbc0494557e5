import { germanDate, renderCertificate } from './certificate.render.ts';

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

/** The result line: all questions right (mode 1), or the points against the minimum score (mode 3). */
export function certificateResult(
  data: Pick<CertificateData, 'mode' | 'score' | 'total' | 'minScore'>,
): string {
  if (data.mode === 3)
    return `bestanden mit ${data.score} von ${data.total} Punkten (Mindestpunktzahl ${data.minScore ?? 0})`;
  return `bestanden – alle ${data.total} Fragen richtig beantwortet`;
}

/**
 * The certificate of participation („Teilnahmebescheinigung“) on the shared certificate renderer: who, which
 * topic, when, with which result, valid until when.
 */
export async function renderCertificatePdf(
  data: CertificateData,
  frame: { printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  const topic = `${data.topicIdentifier} ${data.topicLabel}`.trim();
  return renderCertificate(
    {
      title: 'Teilnahmebescheinigung',
      companyName: data.companyName,
      statement: `Hiermit wird bestätigt, dass ${data.name} an der Unterweisung „${topic}“ teilgenommen und die Verständnisfragen erfolgreich beantwortet hat.`,
      rows: [
        ['Name', data.personnelNumber ? `${data.name} (Personalnummer ${data.personnelNumber})` : data.name],
        ['Unterweisung', topic],
        ['Datum', germanDate(data.completedOn)],
        ['Ergebnis', certificateResult(data)],
        ['Gültig bis', data.validUntil ? germanDate(data.validUntil) : 'ohne Ablaufdatum'],
      ],
      labelWidth: 110,
      closing:
        'Unterweisung nach § 12 ArbSchG und § 4 DGUV Vorschrift 1. Diese Bescheinigung wurde elektronisch erstellt.',
    },
    frame,
  );
}
