import type { Audit } from '@schutzwerk/shared/audits/audits.schema.ts';
import { type ChecklistElement, cellKey } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { parseDrawing } from '@schutzwerk/shared/checklists/drawing.ts';
import { auditsMessages, checklistWorkflowMessages } from '@schutzwerk/shared/errors.ts';
import type { Executor } from '#db/client.ts';
import type { ChecklistPrintPort } from '#modules/checklists/index.ts';
import { formatPrintDate, openPdf } from '#modules/reports/index.ts';
import type { AuditChecklistState, AuditsRepository } from './audits.repository.ts';

const germanDay = (day: string | null) => (day ? day.split('-').reverse().join('.') : '');
const germanNumber = (n: number) => n.toLocaleString('de-DE', { maximumFractionDigits: 6 });

/** An answer as the print shows it. */
function answerText(el: ChecklistElement, value: unknown, names: Map<number, string>): string {
  if (value === undefined || value === null || value === '') return auditsMessages.noAnswer;
  if (typeof value === 'boolean') return value ? auditsMessages.yes : auditsMessages.no;
  if (el.type === 'employee' && typeof value === 'number') return names.get(value) ?? String(value);
  if (el.type === 'date' && typeof value === 'string') return germanDay(value);
  if (typeof value === 'number') return germanNumber(value);
  return String(value);
}

/**
 * The print of a finished approval process (decision 059) on the report engine's PDF frame: the record, its
 * people, every checklist with its answers and totals, and the findings (the audit's actions).
 */
export async function renderAuditPdf(
  ex: Executor,
  repository: AuditsRepository,
  input: {
    audit: Audit;
    findings: { designation: string; description: string }[];
    companyName: string;
    printedAt: Date;
    logo: Buffer | null;
    /** The checklists' printer settings and approvals (decision 066). */
    checklistPrint: ChecklistPrintPort;
  },
): Promise<Buffer> {
  const { audit } = input;
  const pdf = openPdf({
    title: auditsMessages.printTitle(audit.title),
    companyName: input.companyName,
    printedAt: input.printedAt,
    logo: input.logo,
  });
  const { doc, left, width } = pdf;
  doc.x = left;
  doc.y = pdf.top + 6;
  const heading = (text: string) => {
    doc.moveDown(0.6);
    doc.font('bold').fontSize(12).fillColor('#000000').text(text, left, doc.y, { width });
    doc.font('regular').fontSize(9).moveDown(0.2);
  };
  const line = (label: string, value: string) => {
    doc.font('bold').fontSize(9).text(`${label}: `, left, doc.y, { width, continued: true });
    doc.font('regular').text(value || auditsMessages.noAnswer);
  };

  /** A drawing board's answer as vectors, scaled to 240 × 120 points in a frame. */
  const drawing = (label: string, path: string) => {
    const strokes = parseDrawing(path);
    doc.font('bold').fontSize(9).text(`${label}:`, left, doc.y, { width });
    if (!strokes) return;
    const scale = 0.4;
    if (doc.y + 124 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const x = left;
    const y = doc.y + 2;
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor('#999999')
      .rect(x, y, 600 * scale, 300 * scale)
      .stroke()
      .restore();
    doc
      .save()
      .translate(x, y)
      .scale(scale)
      .lineWidth(3)
      .strokeColor('#000000')
      .lineCap('round')
      .lineJoin('round');
    doc.path(path).stroke();
    doc.restore();
    doc.font('regular').fontSize(9);
    doc.x = left;
    doc.y = y + 300 * scale + 4;
  };

  line(auditsMessages.printStatus, auditsMessages.statusLabels[audit.status] ?? audit.status);
  line(auditsMessages.printPlannedOn, germanDay(audit.plannedOn));
  line(auditsMessages.printFinishedAt, audit.finishedAt ? formatPrintDate(new Date(audit.finishedAt)) : '');
  if (audit.description) line(auditsMessages.printDescription, audit.description);

  heading(auditsMessages.printPeople);
  line(auditsMessages.roleLabels.responsible ?? '', audit.responsible.name);
  line(auditsMessages.roleLabels.executor ?? '', audit.executor.name);
  line(auditsMessages.roleLabels.affected ?? '', audit.affected.map((p) => p.name).join('; '));
  line(auditsMessages.roleLabels.participant ?? '', audit.participants.map((p) => p.name).join('; '));

  heading(auditsMessages.printChecklists);
  const states = await repository.checklists(ex, audit.id);
  const definitions = await repository.definitions(
    ex,
    states.map((s) => s.checklistId),
  );
  const employeeIds = states.flatMap((s: AuditChecklistState) => {
    const def = definitions.get(s.checklistId);
    return (def?.cells ?? [])
      .filter((c) => c.element.type === 'employee')
      .map((c) => s.answers[cellKey(c.row, c.column)])
      .filter((v): v is number => typeof v === 'number');
  });
  const names = await repository.employeeNames(ex, employeeIds);
  const settings = await input.checklistPrint.forPrint(
    ex,
    states.map((s) => s.checklistId),
    states.map((s) => s.instanceId),
  );
  let layout: 'portrait' | 'landscape' = 'portrait';
  for (const s of states) {
    const def = definitions.get(s.checklistId);
    const print = settings.print.get(s.checklistId);
    // Printer settings (decision 066): a checklist in another orientation starts a page of that layout; its
    // header is repeated on every page it fills, its footer closes it; unanswered cells may be left out.
    if (print && print.orientation !== layout) {
      layout = print.orientation;
      doc.addPage({ layout, margins: { top: 40, bottom: 50, left, right: left } });
    }
    const sectionWidth = doc.page.width - left - doc.page.margins.right;
    const header = () => {
      if (!print?.header) return;
      doc
        .font('regular')
        .fontSize(8)
        .fillColor('#555555')
        .text(print.header, left, doc.y, { width: sectionWidth });
      doc.fillColor('#000000').moveDown(0.2);
    };
    const onPage = () => {
      doc.y = doc.page.margins.top;
      header();
    };
    doc.moveDown(0.4);
    header();
    doc.on('pageAdded', onPage);
    doc.font('bold').fontSize(10).text(s.label, left, doc.y, { width: sectionWidth });
    doc.font('regular').fontSize(8).fillColor('#444444');
    if (print?.showProgress !== false) {
      doc.text(auditsMessages.printProgress(s.progress, s.status === 'done'), left, doc.y, {
        width: sectionWidth,
      });
      const approval = settings.approvals.get(s.instanceId);
      if (approval)
        doc.text(
          checklistWorkflowMessages.printApproval(
            checklistWorkflowMessages.approvalLabels[approval.state] ?? approval.state,
            approval.by,
          ),
          left,
          doc.y,
          { width: sectionWidth },
        );
    }
    doc.fillColor('#000000').fontSize(9);
    if (def)
      for (const row of def.rows)
        for (const column of def.columns) {
          const cell = def.cells.find((c) => c.row === row.key && c.column === column.key);
          if (!cell) continue;
          const k = cellKey(cell.row, cell.column);
          const value = cell.element.type === 'total' ? (s.results[k] ?? null) : s.answers[k];
          const empty = value === undefined || value === null || value === '';
          if (empty && print?.showEmpty === false) continue;
          if (cell.element.type === 'drawing' && typeof value === 'string' && value !== '') {
            drawing(cell.element.label, value);
            continue;
          }
          line(cell.element.label, answerText(cell.element, value, names));
        }
    if (print?.footer) {
      doc
        .font('regular')
        .fontSize(8)
        .fillColor('#555555')
        .text(print.footer, left, doc.y, { width: sectionWidth });
      doc.fillColor('#000000').fontSize(9);
    }
    doc.removeListener('pageAdded', onPage);
  }
  if (layout !== 'portrait')
    doc.addPage({ layout: 'portrait', margins: { top: 40, bottom: 50, left, right: left } });

  heading(auditsMessages.printFindings);
  if (input.findings.length === 0) doc.text(auditsMessages.printNoFindings, left, doc.y, { width });
  for (const f of input.findings) line(f.designation, f.description);
  return pdf.finish();
}
