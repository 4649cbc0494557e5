import {
  NOHL_BAND_LABELS,
  NOHL_PROBABILITIES,
  NOHL_SEVERITIES,
  type NohlBand,
  type NohlCriteria,
  type NohlRating,
  nohlBand,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { fitColumnWidths, openPdf, textHeight, widestWord } from '#modules/reports/index.ts';

/** One action of a hazard as printed (decision 020's table, source_type 'hazard'). */
export type PrintAction = {
  designation: string;
  type: string;
  responsible: string;
  executor: string;
  dueDate: string;
  done: boolean;
};

export type PrintRisk = { score: number; band: NohlBand } | null;

/** A hazard as printed; hazards are numbered from 1 in the order given. */
export type PrintHazard = {
  title: string;
  brickIdentifier: string | null;
  /** The factors of the factor menu ("register › factor"), in order; none = no line. */
  factors?: readonly string[] | undefined;
  cause: string;
  protectionGoal: string;
  responsible: string;
  comment: string;
  ratingBefore: NohlRating | null;
  ratingAfter: NohlRating | null;
  before: PrintRisk;
  after: PrintRisk;
  /** undefined: actions are not part of this print (a frozen version has no frozen actions). */
  actions?: PrintAction[];
};

export type PrintSignature = { name: string; date: string };

/** Everything one assessment's PDF shows; the working copy and a frozen version both map onto it. */
export type AssessmentPrint = {
  bezeichnung: string;
  /** Header data in order: label and value (empty values print as „–“). */
  header: { label: string; value: string }[];
  hazards: PrintHazard[];
  criteria: NohlCriteria;
  signatures: { created: PrintSignature; checked: PrintSignature; released: PrintSignature };
};

const BAND_FILL: Record<NohlBand, string> = { green: '#b9e4b4', yellow: '#fbe7a1', red: '#f4b3ad' };

export const riskText = (risk: PrintRisk) => (risk ? `${risk.score} – ${NOHL_BAND_LABELS[risk.band]}` : '–');

/** A cell of the actions table wraps to at most this many lines (a measure's text has at most 500 characters). */
const MAX_ACTION_LINES = 40;

/**
 * The PDF of one hazard assessment on the report engine's frame (company name, logo, print date, „Seite x
 * von y“): header data, the hazards (numbered from 1) with cause, protection goal, responsible person,
 * comment, NOHL risk before and after actions (score and band) and their actions, the NOHL matrix of the
 * criteria with the number of hazards per cell (before and after actions), and the signatures block.
 * Every row is measured before it is drawn (pdfkit's heightOfString at its width) and grows with its
 * content; columns are at least as wide as their longest word, so words wrap at word boundaries.
 */
export async function renderAssessmentPdf(
  data: AssessmentPrint,
  frameInput: { companyName: string; printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  const frame = openPdf({ ...frameInput, title: `Gefährdungsbeurteilung: ${data.bezeichnung}` });
  const { doc, left, width, bottom } = frame;
  let y = frame.top + 4;

  const newPage = () => {
    doc.addPage();
    y = doc.page.margins.top;
  };
  const ensure = (height: number) => {
    if (y + height > bottom()) newPage();
  };
  /**
   * Room for a block of `height`; a block higher than a third of a page only needs room for its first lines
   * (pdfkit flows the rest onto the next page).
   */
  const ensureBlock = (height: number, lineHeight: number) => {
    ensure(height <= (bottom() - doc.page.margins.top) / 3 ? height : 3 * lineHeight);
  };
  const heading = (text: string) => {
    doc.font('bold').fontSize(12);
    ensure(Math.max(40, textHeight(doc, text, width) + 28));
    doc.fillColor('#000000').text(text, left, y, { width });
    y = doc.y + 4;
  };

  // ── header data: two columns of label/value pairs; a row is as high as its highest text ──────────
  const half = width / 2;
  const labelWidth = 105;
  const valueWidth = half - labelWidth - 8;
  for (let index = 0; index < data.header.length; index += 2) {
    const pair = data.header
      .slice(index, index + 2)
      .map((item) => ({ label: item.label, value: item.value.trim() === '' ? '–' : item.value }));
    doc.fontSize(9);
    const height = Math.max(
      ...pair.map((item) =>
        Math.max(
          textHeight(doc.font('bold'), item.label, labelWidth),
          textHeight(doc.font('regular'), item.value, valueWidth),
        ),
      ),
    );
    ensure(height);
    pair.forEach((item, column) => {
      const x = left + column * half;
      doc.font('bold').fontSize(9).fillColor('#555555').text(item.label, x, y, { width: labelWidth });
      doc
        .font('regular')
        .fillColor('#000000')
        .text(item.value, x + labelWidth, y, { width: valueWidth });
    });
    y += height + 3;
  }
  y += 8;

  // ── the actions' table: the same columns for every hazard, each as wide as its longest word ──────
  const actionColumns = [
    { label: 'Maßnahme', share: 0.3, get: (a: PrintAction) => a.designation },
    { label: 'Art', share: 0.13, get: (a: PrintAction) => a.type },
    { label: 'Verantwortlich', share: 0.18, get: (a: PrintAction) => a.responsible },
    { label: 'Ausführend', share: 0.18, get: (a: PrintAction) => a.executor },
    { label: 'Fällig am', share: 0.12, get: (a: PrintAction) => a.dueDate },
    { label: 'Erledigt', share: 0.09, get: (a: PrintAction) => (a.done ? 'ja' : 'nein') },
  ];
  const actionTableWidth = width - 12;
  const allActions = data.hazards.flatMap((h) => h.actions ?? []);
  doc.fontSize(8);
  const actionWidths = fitColumnWidths(
    actionColumns.map((c) => ({
      weight: c.share,
      minWidth:
        Math.max(
          widestWord(doc.font('bold'), [c.label]),
          // A word longer than a third of the table (a pasted URL) may break; names and labels do not.
          Math.min(widestWord(doc.font('regular'), allActions.map(c.get)), actionTableWidth / 3),
        ) + 5,
    })),
    actionTableWidth,
  );

  // ── hazards ───────────────────────────────────────────────────────────────────────────────
  heading(`Gefährdungen (${data.hazards.length})`);
  if (data.hazards.length === 0) {
    doc.font('regular').fontSize(9).text('Keine Gefährdungen erfasst.', left, y, { width });
    y = doc.y + 8;
  }
  const fieldLabelX = left + 12;
  const fieldLabelWidth = 110;
  const fieldValueX = left + 124;
  const fieldValueWidth = width - 124;
  const field = (label: string, value: string) => {
    if (value.trim() === '') return;
    doc.fontSize(8.5);
    const height = Math.max(
      textHeight(doc.font('bold'), `${label}:`, fieldLabelWidth),
      textHeight(doc.font('regular'), value, fieldValueWidth),
    );
    ensureBlock(height, doc.currentLineHeight(true));
    const page = doc.page;
    doc.font('bold').fillColor('#555555').text(`${label}:`, fieldLabelX, y, { width: fieldLabelWidth });
    doc.font('regular').fillColor('#000000').text(value, fieldValueX, y, { width: fieldValueWidth });
    // A value longer than the page went on on the next one: continue below its end.
    y = (doc.page === page ? y + height : doc.y) + 2;
  };
  const riskBox = (label: string, risk: PrintRisk, x: number) => {
    doc.fontSize(8.5);
    const oneLine = doc.currentLineHeight(true) + 1;
    doc
      .font('bold')
      .fillColor('#555555')
      .text(label, x, y + 2, { width: 100, height: oneLine, ellipsis: true });
    if (risk) doc.rect(x + 100, y, 130, 13).fill(BAND_FILL[risk.band]);
    doc
      .font('regular')
      .fillColor('#000000')
      .text(riskText(risk), x + 104, y + 2, { width: 124, height: oneLine, ellipsis: true });
  };
  for (const [index, hazard] of data.hazards.entries()) {
    if (index > 0 && index % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    const brick = hazard.brickIdentifier ? ` (${hazard.brickIdentifier})` : '';
    const title = `${index + 1}. ${hazard.title}${brick}`;
    doc.font('bold').fontSize(9.5);
    const titleHeight = textHeight(doc, title, width - 8) + 5;
    ensure(titleHeight + 54);
    doc.rect(left, y, width, titleHeight).fill('#e8eef5');
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor('#000000')
      .text(title, left + 4, y + 3, { width: width - 8 });
    y += titleHeight + 4;
    const factors = hazard.factors ?? [];
    field(factors.length > 1 ? 'Gefährdungsfaktoren' : 'Gefährdungsfaktor', factors.join('\n'));
    field('Ursache', hazard.cause);
    field('Schutzziel', hazard.protectionGoal);
    field('Verantwortlich', hazard.responsible || '–');
    field('Kommentar', hazard.comment);
    ensure(18);
    riskBox('Risiko vorher', hazard.before, left + 12);
    riskBox('Risiko nachher', hazard.after, left + 12 + half);
    y += 18;
    if (hazard.actions && hazard.actions.length > 0) {
      y = actionsTable(hazard.actions, y);
    }
    y += 6;
  }

  function actionsTable(list: PrintAction[], startY: number): number {
    const x0 = left + 12;
    let ty = startY;
    const headerRow = () => {
      doc.font('bold').fontSize(8);
      const height = rowHeightOf(actionColumns.map((c) => c.label));
      doc.rect(x0, ty, actionTableWidth, height).fill('#f0f0f0');
      doc.fillColor('#000000');
      drawRow(actionColumns.map((c) => c.label));
      ty += height;
    };
    const rowHeightOf = (texts: string[]) =>
      Math.max(
        ...texts.map((t, i) =>
          Math.min(
            textHeight(doc, t, (actionWidths[i] ?? 0) - 4),
            MAX_ACTION_LINES * doc.currentLineHeight(true),
          ),
        ),
      ) + 5;
    const drawRow = (texts: string[]) => {
      let x = x0;
      const maxHeight = MAX_ACTION_LINES * doc.currentLineHeight(true);
      texts.forEach((t, i) => {
        const cellWidth = (actionWidths[i] ?? 0) - 4;
        const capped = textHeight(doc, t, cellWidth) > maxHeight;
        doc.text(
          t,
          x + 2,
          ty + 3,
          capped ? { width: cellWidth, height: maxHeight, ellipsis: true } : { width: cellWidth },
        );
        x += actionWidths[i] ?? 0;
      });
    };
    doc.font('bold').fontSize(8);
    if (ty + 2 * rowHeightOf(actionColumns.map((c) => c.label)) > bottom()) {
      doc.addPage();
      ty = doc.page.margins.top;
    }
    headerRow();
    for (const action of list) {
      // Texts wrap at word boundaries; the row is as high as its highest cell.
      doc.font('regular').fontSize(8);
      const texts = actionColumns.map((c) => c.get(action));
      const height = rowHeightOf(texts);
      if (ty + height > bottom()) {
        doc.addPage();
        ty = doc.page.margins.top;
        headerRow();
        doc.font('regular').fontSize(8);
      }
      drawRow(texts);
      ty += height;
      doc
        .moveTo(x0, ty)
        .lineTo(x0 + actionTableWidth, ty)
        .lineWidth(0.3)
        .strokeColor('#cccccc')
        .stroke();
    }
    return ty + 2;
  }

  // ── NOHL matrix: hazards per cell, before and after actions ─────────────────────────────────
  const cell = 44;
  const axis = 70;
  const gridHeight = 16 + cell * 4 + 60;
  if (y + gridHeight + 30 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  heading('Risikomatrix nach Nohl');
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555555')
    .text(
      `Anzahl der Gefährdungen je Feld. Einstufung: ${NOHL_BAND_LABELS.green} unter ${data.criteria.yellowFrom}, ${NOHL_BAND_LABELS.yellow} ab ${data.criteria.yellowFrom}, ${NOHL_BAND_LABELS.red} ab ${data.criteria.redFrom}.`,
      left,
      y,
      { width },
    );
  y = doc.y + 6;
  const gridTop = y;
  const drawGrid = (x0: number, label: string, pick: (h: PrintHazard) => NohlRating | null) => {
    const counts = new Map<string, number>();
    for (const h of data.hazards) {
      const r = pick(h);
      if (r)
        counts.set(`${r.probability}/${r.severity}`, (counts.get(`${r.probability}/${r.severity}`) ?? 0) + 1);
    }
    let gy = gridTop;
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('#000000')
      .text(label, x0, gy, { width: axis + cell * 4 });
    gy += 14;
    // Column heads: severities, small enough that the longest word fits its cell.
    doc.font('regular').fontSize(5.5);
    const headWord = widestWord(
      doc,
      NOHL_SEVERITIES.map((s) => s.label),
    );
    doc.fontSize(Math.min(5.5, (5.5 * (cell - 4)) / headWord));
    NOHL_SEVERITIES.forEach((s, i) => {
      doc.text(s.label.replace(' ', '\n'), x0 + axis + i * cell, gy, { width: cell, align: 'center' });
    });
    gy += 20;
    // Rows: probabilities, highest on top.
    [...NOHL_PROBABILITIES].reverse().forEach((p, row) => {
      const ry = gy + row * cell;
      doc
        .font('regular')
        .fontSize(7.5)
        .fillColor('#000000')
        .text(p.label, x0, ry + cell / 2 - 5, { width: axis - 6, align: 'right' });
      NOHL_SEVERITIES.forEach((s, col) => {
        const score = data.criteria.cells[p.index - 1]?.[s.index - 1] ?? 0;
        const band = nohlBand(data.criteria, score);
        const cx = x0 + axis + col * cell;
        doc.rect(cx, ry, cell, cell).fillAndStroke(BAND_FILL[band], '#888888');
        const n = counts.get(`${p.index}/${s.index}`) ?? 0;
        doc
          .fillColor('#000000')
          .font('bold')
          .fontSize(12)
          .text(n > 0 ? String(n) : '', cx, ry + 10, { width: cell, align: 'center' });
        doc
          .font('regular')
          .fontSize(6.5)
          .fillColor('#444444')
          .text(`Wert ${score}`, cx, ry + cell - 10, { width: cell - 3, align: 'right' });
      });
    });
    const axisY = gy + cell * 4 + 4;
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor('#555555')
      .text('Schadensschwere →', x0 + axis, axisY, { width: cell * 4, align: 'center' });
    doc.fontSize(6.5).text('Wahrscheinlichkeit ↑', x0 - 10, axisY, {
      width: axis + 4,
      align: 'right',
      lineBreak: false,
    });
  };
  drawGrid(left, 'vor Maßnahmen', (h) => h.ratingBefore);
  drawGrid(left + half, 'nach Maßnahmen', (h) => h.ratingAfter);
  y = gridTop + 14 + 20 + cell * 4 + 24;

  // ── signatures ────────────────────────────────────────────────────────────────────────────
  if (y + 110 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  heading('Unterschriften');
  const blocks: [string, PrintSignature][] = [
    ['Erstellt', data.signatures.created],
    ['Geprüft', data.signatures.checked],
    ['Freigegeben', data.signatures.released],
  ];
  const blockWidth = (width - 24) / 3;
  blocks.forEach(([label, sig], i) => {
    const x = left + i * (blockWidth + 12);
    doc.font('bold').fontSize(9.5).fillColor('#000000').text(label, x, y, { width: blockWidth });
    const line = (caption: string, value: string, ly: number) => {
      // One line on the signature line: a long name gets smaller (down to 7 pt) before it ends in „…“.
      doc.font('regular').fontSize(9);
      const natural = doc.widthOfString(value);
      doc.fontSize(natural > blockWidth - 1 ? Math.max(7, (9 * (blockWidth - 1)) / natural) : 9);
      doc.text(value, x, ly, { width: blockWidth, height: doc.currentLineHeight(true) + 1, ellipsis: true });
      doc
        .moveTo(x, ly + 12)
        .lineTo(x + blockWidth, ly + 12)
        .lineWidth(0.5)
        .strokeColor('#000000')
        .stroke();
      doc
        .fontSize(7)
        .fillColor('#555555')
        .text(caption, x, ly + 14, { width: blockWidth });
      doc.fillColor('#000000');
    };
    line('Name', sig.name, y + 18);
    line('Datum', sig.date, y + 44);
    line('Unterschrift', '', y + 78);
  });
  return frame.finish();
}
