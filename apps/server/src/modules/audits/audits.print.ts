import type { Audit } from '@schutzwerk/shared/audits/audits.schema.ts';
import { type ChecklistElement, cellKey } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { auditsMessages } from '@schutzwerk/shared/errors.ts';
import type { Executor } from '#db/client.ts';
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
  for (const s of states) {
    const def = definitions.get(s.checklistId);
    doc.moveDown(0.4);
    doc.font('bold').fontSize(10).text(s.label, left, doc.y, { width });
    doc.font('regular').fontSize(8).fillColor('#444444');
    doc.text(auditsMessages.printProgress(s.progress, s.status === 'done'), left, doc.y, { width });
    doc.fillColor('#000000').fontSize(9);
    if (!def) continue;
    for (const row of def.rows)
      for (const column of def.columns) {
        const cell = def.cells.find((c) => c.row === row.key && c.column === column.key);
        if (!cell) continue;
        const k = cellKey(cell.row, cell.column);
        const value = cell.element.type === 'total' ? (s.results[k] ?? null) : s.answers[k];
        line(cell.element.label, answerText(cell.element, value, names));
      }
  }

  heading(auditsMessages.printFindings);
  if (input.findings.length === 0) doc.text(auditsMessages.printNoFindings, left, doc.y, { width });
  for (const f of input.findings) line(f.designation, f.description);
  return pdf.finish();
}
