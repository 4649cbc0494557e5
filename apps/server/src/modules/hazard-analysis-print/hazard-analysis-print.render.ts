import {
  NOHL_BAND_LABELS,
  NOHL_PROBABILITIES,
  NOHL_SEVERITIES,
  type NohlBand,
  type NohlCriteria,
  type NohlRating,
  nohlBand,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { openPdf } from '#modules/reports/index.ts';

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

export type PrintHazard = {
  position: number;
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

/**
 * The PDF of one hazard assessment on the report engine's frame (company name, logo, print date, „Seite x
 * von y“): header data, the hazards with cause, protection goal, responsible person, comment, NOHL risk
 * before and after actions (score and band) and their actions, the NOHL matrix of the criteria with the
 * number of hazards per cell (before and after actions), and the signatures block.
 */
export async function renderAssessmentPdf(
  data: AssessmentPrint,
  frameInput: { companyName: string; printedAt: Date; logo?: Buffer | null },
): Promise<Buffer> {
  const frame = openPdf({ ...frameInput, title: `Gefährdungsbeurteilung: ${data.bezeichnung}` });
  const { doc, left, width, bottom } = frame;
  let y = frame.top + 4;

  const ensure = (height: number) => {
    if (y + height > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
  };
  const heading = (text: string) => {
    ensure(40);
    doc.font('bold').fontSize(12).fillColor('#000000').text(text, left, y, { width });
    y = doc.y + 4;
  };

  // ── header data: two columns of label/value pairs ────────────────────────────────────────────
  const half = width / 2;
  const labelWidth = 105;
  data.header.forEach((item, index) => {
    const x = left + (index % 2) * half;
    if (index % 2 === 0) ensure(14);
    doc.font('bold').fontSize(9).fillColor('#555555').text(item.label, x, y, { width: labelWidth });
    doc
      .font('regular')
      .fillColor('#000000')
      .text(item.value.trim() === '' ? '–' : item.value, x + labelWidth, y, { width: half - labelWidth - 8 });
    if (index % 2 === 1 || index === data.header.length - 1) y = Math.max(doc.y, y + 12) + 3;
  });
  y += 8;

  // ── hazards ───────────────────────────────────────────────────────────────────────────────
  heading(`Gefährdungen (${data.hazards.length})`);
  if (data.hazards.length === 0) {
    doc.font('regular').fontSize(9).text('Keine Gefährdungen erfasst.', left, y, { width });
    y = doc.y + 8;
  }
  const field = (label: string, value: string) => {
    if (value.trim() === '') return;
    ensure(14);
    doc
      .font('bold')
      .fontSize(8.5)
      .fillColor('#555555')
      .text(`${label}:`, left + 12, y, { width: 110 });
    doc
      .font('regular')
      .fillColor('#000000')
      .text(value, left + 124, y, { width: width - 124 });
    y = doc.y + 2;
  };
  const riskBox = (label: string, risk: PrintRisk, x: number) => {
    doc
      .font('bold')
      .fontSize(8.5)
      .fillColor('#555555')
      .text(label, x, y + 2, { width: 100 });
    if (risk) doc.rect(x + 100, y, 130, 13).fill(BAND_FILL[risk.band]);
    doc
      .font('regular')
      .fillColor('#000000')
      .text(riskText(risk), x + 104, y + 2, { width: 124, lineBreak: false, ellipsis: true });
  };
  for (const [index, hazard] of data.hazards.entries()) {
    if (index > 0 && index % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    ensure(70);
    doc.rect(left, y, width, 16).fill('#e8eef5');
    const brick = hazard.brickIdentifier ? ` (${hazard.brickIdentifier})` : '';
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor('#000000')
      .text(`${hazard.position}. ${hazard.title}${brick}`, left + 4, y + 3, {
        width: width - 8,
        lineBreak: false,
        ellipsis: true,
      });
    y += 20;
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
    const cols = [
      { label: 'Maßnahme', w: 0.3, get: (a: PrintAction) => a.designation },
      { label: 'Art', w: 0.13, get: (a: PrintAction) => a.type },
      { label: 'Verantwortlich', w: 0.18, get: (a: PrintAction) => a.responsible },
      { label: 'Ausführend', w: 0.18, get: (a: PrintAction) => a.executor },
      { label: 'Fällig am', w: 0.12, get: (a: PrintAction) => a.dueDate },
      { label: 'Erledigt', w: 0.09, get: (a: PrintAction) => (a.done ? 'ja' : 'nein') },
    ];
    const x0 = left + 12;
    const tableWidth = width - 12;
    const rowHeight = 13;
    let ty = startY;
    const headerRow = () => {
      doc.rect(x0, ty, tableWidth, rowHeight).fill('#f0f0f0');
      let x = x0;
      doc.font('bold').fontSize(8).fillColor('#000000');
      for (const c of cols) {
        doc.text(c.label, x + 2, ty + 3, { width: c.w * tableWidth - 4, lineBreak: false, ellipsis: true });
        x += c.w * tableWidth;
      }
      ty += rowHeight;
    };
    if (ty + rowHeight * 2 > bottom()) {
      doc.addPage();
      ty = doc.page.margins.top;
    }
    headerRow();
    doc.font('regular');
    for (const action of list) {
      // Texts wrap (at most 4 lines each); the row is as high as its highest cell.
      doc.font('regular').fontSize(8);
      const height = Math.max(
        rowHeight,
        ...cols.map(
          (c) => Math.min(doc.heightOfString(c.get(action), { width: c.w * tableWidth - 4 }), 40) + 5,
        ),
      );
      if (ty + height > bottom()) {
        doc.addPage();
        ty = doc.page.margins.top;
        headerRow();
        doc.font('regular');
      }
      let x = x0;
      for (const c of cols) {
        doc
          .font('regular')
          .fontSize(8)
          .text(c.get(action), x + 2, ty + 3, { width: c.w * tableWidth - 4, height: 40, ellipsis: true });
        x += c.w * tableWidth;
      }
      ty += height;
      doc
        .moveTo(x0, ty)
        .lineTo(x0 + tableWidth, ty)
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
    // Column heads: severities.
    doc.font('regular').fontSize(5.5);
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
      doc
        .font('regular')
        .fontSize(9)
        .text(value, x, ly, { width: blockWidth, lineBreak: false, ellipsis: true });
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
