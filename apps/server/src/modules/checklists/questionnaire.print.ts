import { type ChecklistElement, cellKey } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { Questionnaire } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { questionnaireSharingMessages as m } from '@schutzwerk/shared/errors.ts';
import { formatPrintDate, openPdf } from '#modules/reports/index.ts';

const germanDay = (day: string) => day.split('-').reverse().join('.');
const germanNumber = (n: number, digits?: number) =>
  n.toLocaleString(
    'de-DE',
    digits === undefined
      ? { maximumFractionDigits: 6 }
      : { minimumFractionDigits: digits, maximumFractionDigits: digits },
  );

/** An answer as the print shows it (employees by the names the instance carries). */
function answerText(el: ChecklistElement, value: unknown, names: Map<number, string>): string {
  if (value === undefined || value === null || value === '') return m.noAnswer;
  if (typeof value === 'boolean') return value ? m.yes : m.no;
  if (el.type === 'employee' && typeof value === 'number') return names.get(value) ?? String(value);
  if (el.type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return germanDay(value);
  if (el.type === 'total' && typeof value === 'number') return germanNumber(value, el.fractionDigits);
  if (typeof value === 'number') return germanNumber(value);
  return String(value);
}

/** Segments in tree order (parents before their children); a segment whose parent is hidden stays on top. */
function treeOrder(
  segments: Questionnaire['segments'],
): { segment: Questionnaire['segments'][number]; depth: number }[] {
  const keys = new Set(segments.map((s) => s.key));
  const out: { segment: Questionnaire['segments'][number]; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const s of segments)
      if (parent === null ? s.parentKey === null || !keys.has(s.parentKey) : s.parentKey === parent) {
        out.push({ segment: s, depth });
        walk(s.key, depth + 1);
      }
  };
  walk(null, 0);
  return out;
}

/**
 * The print of a questionnaire (decision 067) on the report engine's PDF frame: title, type and status, then
 * every segment the reader may see in tree order with its links and each checklist's answers and totals.
 */
export async function renderQuestionnairePdf(input: {
  questionnaire: Questionnaire;
  companyName: string;
  printedAt: Date;
  logo: Buffer | null;
}): Promise<Buffer> {
  const q = input.questionnaire;
  const pdf = openPdf({
    title: m.printTitle(q.title),
    companyName: input.companyName,
    printedAt: input.printedAt,
    logo: input.logo,
  });
  const { doc, left, width } = pdf;
  doc.x = left;
  doc.y = pdf.top + 6;
  const line = (label: string, value: string, indent = 0) => {
    doc
      .font('bold')
      .fontSize(9)
      .text(`${label}: `, left + indent, doc.y, { width: width - indent, continued: true });
    doc.font('regular').text(value || m.noAnswer);
  };
  line(m.printType, q.typeTitle);
  line(m.printStatus, m.statusLabels[q.status] ?? q.status);
  const ordered = treeOrder(q.segments);
  if (ordered.length === 0) doc.moveDown(0.6).text(m.printNoSegments, left, doc.y, { width });
  for (const { segment, depth } of ordered) {
    const indent = Math.min(depth, 4) * 12;
    doc.moveDown(0.6);
    doc
      .font('bold')
      .fontSize(12 - Math.min(depth, 2))
      .fillColor('#000000')
      .text(`${segment.segment ? `${segment.segment} ` : ''}${segment.label}`, left + indent, doc.y, {
        width: width - indent,
      });
    doc.font('regular').fontSize(9);
    if (segment.links.length > 0)
      line(
        m.printLinks,
        segment.links
          .map(
            (l) =>
              `${l.recipientName} (${m.linkStatusLabels[l.status] ?? l.status}, ${formatPrintDate(new Date(l.finishedAt ?? l.startedAt ?? l.openedAt ?? l.sentAt))})`,
          )
          .join('; '),
        indent,
      );
    for (const entry of segment.entries) {
      const { checklist: def, instance } = entry;
      const names = new Map(
        instance.employees.map((e) => [e.id, `${e.lastName}, ${e.firstName} (${e.personnelNumber})`]),
      );
      doc.moveDown(0.3);
      doc
        .font('bold')
        .fontSize(10)
        .text(def.label, left + indent, doc.y, { width: width - indent });
      doc.font('regular').fontSize(8).fillColor('#444444');
      doc.text(m.printProgress(instance.progress, instance.status === 'done'), left + indent, doc.y, {
        width: width - indent,
      });
      doc.fillColor('#000000').fontSize(9);
      for (const row of def.rows)
        for (const column of def.columns) {
          const cell = def.cells.find((c) => c.row === row.key && c.column === column.key);
          if (!cell) continue;
          const k = cellKey(cell.row, cell.column);
          const value = cell.element.type === 'total' ? (instance.results[k] ?? null) : instance.answers[k];
          line(cell.element.label, answerText(cell.element, value, names), indent);
        }
    }
  }
  return pdf.finish();
}
