import { openPdf } from '#modules/reports/index.ts';

/** What a visitor's badge shows (decision 078). */
export type VisitorBadgeData = {
  companyName: string;
  name: string;
  company: string;
  location: string;
  /** The topics passed, „<Kennung> <Bezeichnung>“. */
  topics: string[];
  /** yyyy-mm-dd (Europe/Berlin) */
  completedOn: string;
  /** yyyy-mm-dd, null: without end */
  validUntil: string | null;
};

/** The name's type: 20 pt, smaller down to 12 pt until it fits the card's width; below that it wraps. */
const NAME_SIZES = [20, 18, 16, 14] as const;
const SMALLEST_NAME_SIZE = 12;

export function fittingSize(width: number, measure: (size: number) => number): number {
  for (const size of NAME_SIZES) if (measure(size) <= width) return size;
  return SMALLEST_NAME_SIZE;
}

const germanDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;

/** The card: A6 portrait (105 × 148 mm), to cut out and wear in a badge holder. */
const CARD_WIDTH = 297.6;
const CARD_HEIGHT = 419.5;
const PAD = 16;
/** At most this many topics are listed on the card; the rest is counted. */
const MAX_TOPICS = 8;

/**
 * The visitor's badge („Besucherausweis“, spec shell §2: badge print after a visitor login) on the report
 * engine's PDF frame: an A6 card with a dashed cut line — the host's company, the visitor's name and company,
 * the location, the day of the instruction, valid until when and the topics passed.
 */
export async function renderVisitorBadgePdf(
  data: VisitorBadgeData,
  frame: { printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  const pdf = openPdf({
    title: 'Besucherausweis',
    companyName: data.companyName,
    printedAt: frame.printedAt,
    logo: frame.logo ?? null,
  });
  const { doc, left } = pdf;
  const x = left;
  const y0 = pdf.top + 16;
  const inner = CARD_WIDTH - 2 * PAD;

  doc
    .save()
    .lineWidth(0.75)
    .dash(4, { space: 3 })
    .strokeColor('#777777')
    .rect(x, y0, CARD_WIDTH, CARD_HEIGHT)
    .stroke()
    .undash()
    .restore();
  doc.save().rect(x, y0, CARD_WIDTH, 46).fill('#0d2547').restore();
  doc
    .font('bold')
    .fontSize(18)
    .fillColor('#ffffff')
    .text('BESUCHERAUSWEIS', x + PAD, y0 + 14, { width: inner, align: 'center', lineBreak: false });

  let y = y0 + 62;
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#555555')
    .text(data.companyName || ' ', x + PAD, y, { width: inner, align: 'center' });
  y = doc.y + 10;
  // The name is what a gatekeeper reads: it stays on one line, in a smaller type if it must.
  doc.font('bold').fillColor('#000000');
  const nameSize = fittingSize(inner, (size) => doc.fontSize(size).widthOfString(data.name));
  doc
    .fontSize(nameSize)
    .text(data.name, x + PAD, y, { width: inner, align: 'center', height: 56, ellipsis: true });
  y = doc.y + 2;
  doc
    .font('regular')
    .fontSize(13)
    .text(data.company, x + PAD, y, { width: inner, align: 'center', height: 36, ellipsis: true });
  y = doc.y + 16;

  const rows: [string, string][] = [
    ['Standort', data.location],
    ['Unterwiesen am', germanDate(data.completedOn)],
    ['Gültig bis', data.validUntil ? germanDate(data.validUntil) : 'ohne Ablaufdatum'],
  ];
  const labelWidth = 108;
  for (const [label, value] of rows) {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('#000000')
      .text(`${label}:`, x + PAD, y, { width: labelWidth });
    doc
      .font('regular')
      .fontSize(10)
      .text(value, x + PAD + labelWidth, y, { width: inner - labelWidth, height: 28, ellipsis: true });
    y = Math.max(doc.y, y + doc.currentLineHeight(true)) + 4;
  }

  y += 6;
  doc
    .font('bold')
    .fontSize(10)
    .text('Unterweisungen:', x + PAD, y, { width: inner });
  y = doc.y + 2;
  const shown = data.topics.slice(0, MAX_TOPICS);
  const more = data.topics.length - shown.length;
  const lines = shown.map((topic) => `• ${topic}`);
  if (more > 0) lines.push(`… und ${more} weitere`);
  const limit = y0 + CARD_HEIGHT - 40;
  doc
    .font('regular')
    .fontSize(9)
    .text(lines.join('\n'), x + PAD, y, { width: inner, height: Math.max(12, limit - y), ellipsis: true });

  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555555')
    .text('Bitte sichtbar tragen und beim Verlassen abgeben.', x + PAD, y0 + CARD_HEIGHT - 26, {
      width: inner,
      align: 'center',
      lineBreak: false,
    });
  doc
    .fontSize(8)
    .fillColor('#777777')
    .text('Entlang der gestrichelten Linie ausschneiden.', x, y0 + CARD_HEIGHT + 6, {
      width: CARD_WIDTH,
      lineBreak: false,
    });
  return pdf.finish();
}
