import type { AuditRow } from '@schutzwerk/shared/audits/audits.schema.ts';
import { type AnyColumn, and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { checklistInstances, checklists } from '#modules/checklists/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { auditChecklists, auditPeople, audits } from './audits.table.ts';

export type AuditRecord = typeof audits.$inferSelect;
type AuditValues = Omit<typeof audits.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

const responsible = alias(employees, 'responsible');
const executor = alias(employees, 'executor');
const fullName = (e: { lastName: AnyColumn; firstName: AnyColumn }) =>
  sql<string>`${e.lastName} || ', ' || ${e.firstName}`;

const source: ListSource<'title' | 'status' | 'plannedOn' | 'updatedAt'> = {
  orderBy: {
    title: sql`lower(${audits.title})`,
    status: audits.status,
    plannedOn: audits.plannedOn,
    updatedAt: audits.updatedAt,
  },
  defaultOrderBy: 'plannedOn',
  tieBreaker: audits.id,
  searchText: sql`${audits.title} || ' ' || ${audits.description}`,
};

export type AuditChecklistState = {
  checklistId: number;
  label: string;
  position: number;
  instanceId: number;
  status: 'undone' | 'done';
  visible: boolean;
  progress: number;
  requiredProgress: number;
  answers: Record<string, unknown>;
  results: Record<string, number | null>;
};

/** Data access of approval processes (decision 059): no rules, no German text. */
export const auditsRepository = {
  /** `personId`: only audits this employee takes part in (without AUDIT_AUDITS_ALL); null: all of the portal. */
  async list(
    ex: Executor,
    portalId: number,
    query: Parameters<typeof planList>[1],
    status: string | null,
    personId: number | null,
  ) {
    const plan = planList(source, query, [
      eq(audits.portalId, portalId),
      status === null ? undefined : eq(audits.status, status),
      personId === null ? undefined : takesPart(personId),
    ]);
    return runList<AuditRow>(plan, {
      rows: async (p) =>
        (
          await ex
            .select({
              id: audits.id,
              title: audits.title,
              status: audits.status,
              plannedOn: audits.plannedOn,
              responsibleName: fullName(responsible),
              executorName: fullName(executor),
              checklistCount: sql<number>`(select count(*)::int from ${auditChecklists} ac where ac.audit_id = ${audits.id})`,
              doneCount: sql<number>`(select count(*)::int from ${auditChecklists} ac join ${checklistInstances} ci on ci.id = ac.instance_id where ac.audit_id = ${audits.id} and ci.status = 'done')`,
              updatedAt: audits.updatedAt,
            })
            .from(audits)
            .innerJoin(responsible, eq(responsible.id, audits.responsibleId))
            .innerJoin(executor, eq(executor.id, audits.executorId))
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset)
        ).map((r) => ({
          ...r,
          status: r.status as AuditRow['status'],
          updatedAt: r.updatedAt.toISOString(),
        })),
      count: (where) => countRows(ex, audits, where),
    });
  },

  async findById(ex: Executor, id: number, lock = false): Promise<AuditRecord | undefined> {
    const q = ex.select().from(audits).where(eq(audits.id, id));
    const [row] = await (lock ? q.for('update') : q);
    return row;
  },

  async insert(ex: Executor, values: AuditValues): Promise<number> {
    const [row] = await ex.insert(audits).values(values).returning({ id: audits.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(ex: Executor, id: number, version: number, values: Partial<AuditValues>): Promise<boolean> {
    const rows = await ex
      .update(audits)
      .set({ ...values, version: sql`${audits.version} + 1`, updatedAt: new Date() })
      .where(and(eq(audits.id, id), eq(audits.version, version)))
      .returning({ id: audits.id });
    return rows.length > 0;
  },

  async people(ex: Executor, auditId: number): Promise<{ employeeId: number; role: string; name: string }[]> {
    return ex
      .select({ employeeId: auditPeople.employeeId, role: auditPeople.role, name: fullName(employees) })
      .from(auditPeople)
      .innerJoin(employees, eq(employees.id, auditPeople.employeeId))
      .where(eq(auditPeople.auditId, auditId))
      .orderBy(asc(employees.lastName), asc(employees.firstName));
  },

  async replacePeople(
    ex: Executor,
    auditId: number,
    people: { employeeId: number; role: 'affected' | 'participant' }[],
  ): Promise<void> {
    await ex.delete(auditPeople).where(eq(auditPeople.auditId, auditId));
    if (people.length > 0) await ex.insert(auditPeople).values(people.map((p) => ({ auditId, ...p })));
  },

  /** Whether the employee is responsible, executor, affected or participant of the audit. */
  async isPerson(ex: Executor, auditId: number, employeeId: number): Promise<boolean> {
    const [row] = await ex
      .select({ id: audits.id })
      .from(audits)
      .where(and(eq(audits.id, auditId), takesPart(employeeId)));
    return row !== undefined;
  },

  async checklists(ex: Executor, auditId: number): Promise<AuditChecklistState[]> {
    const rows = await ex
      .select({
        checklistId: auditChecklists.checklistId,
        label: checklists.label,
        position: auditChecklists.position,
        instanceId: auditChecklists.instanceId,
        status: checklistInstances.status,
        visible: checklistInstances.visible,
        progress: checklistInstances.progress,
        requiredProgress: checklists.requiredProgress,
        answers: checklistInstances.answers,
        results: checklistInstances.results,
      })
      .from(auditChecklists)
      .innerJoin(checklists, eq(checklists.id, auditChecklists.checklistId))
      .innerJoin(checklistInstances, eq(checklistInstances.id, auditChecklists.instanceId))
      .where(eq(auditChecklists.auditId, auditId))
      .orderBy(asc(auditChecklists.position));
    return rows.map((r) => ({ ...r, status: r.status as 'undone' | 'done' }));
  },

  async insertChecklist(
    ex: Executor,
    values: { auditId: number; checklistId: number; position: number; instanceId: number },
  ): Promise<void> {
    await ex.insert(auditChecklists).values(values);
  },

  async setChecklistPosition(ex: Executor, auditId: number, checklistId: number, position: number) {
    await ex
      .update(auditChecklists)
      .set({ position })
      .where(and(eq(auditChecklists.auditId, auditId), eq(auditChecklists.checklistId, checklistId)));
  },

  async deleteChecklist(ex: Executor, auditId: number, checklistId: number): Promise<void> {
    await ex
      .delete(auditChecklists)
      .where(and(eq(auditChecklists.auditId, auditId), eq(auditChecklists.checklistId, checklistId)));
  },

  /** The ids (of `ids`) of active checklists of the portal. */
  async activeChecklistsInPortal(
    ex: Executor,
    portalId: number,
    ids: readonly number[],
  ): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await ex
      .select({ id: checklists.id })
      .from(checklists)
      .where(
        and(inArray(checklists.id, [...ids]), eq(checklists.portalId, portalId), eq(checklists.active, true)),
      );
    return new Set(rows.map((r) => r.id));
  },

  async employeesInPortal(ex: Executor, portalId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await ex
      .select({ id: employees.id })
      .from(employees)
      .where(and(inArray(employees.id, [...new Set(ids)]), eq(employees.portalId, portalId)));
    return new Set(rows.map((r) => r.id));
  },

  async employeeNames(ex: Executor, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ id: employees.id, name: fullName(employees) })
      .from(employees)
      .where(inArray(employees.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** Mail data of active employees. */
  async contacts(
    ex: Executor,
    ids: readonly number[],
  ): Promise<
    { id: number; email: string | null; firstName: string; lastName: string; language: string | null }[]
  > {
    if (ids.length === 0) return [];
    return ex
      .select({
        id: employees.id,
        email: employees.email,
        firstName: employees.firstName,
        lastName: employees.lastName,
        language: employees.language,
      })
      .from(employees)
      .where(and(inArray(employees.id, [...new Set(ids)]), eq(employees.active, true)));
  },

  async titles(
    ex: Executor,
    ids: readonly number[],
  ): Promise<Map<number, { title: string; portalId: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ id: audits.id, title: audits.title, portalId: audits.portalId })
      .from(audits)
      .where(inArray(audits.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { title: r.title, portalId: r.portalId }]));
  },

  /** Titles of the audits an employee takes part in (the employees' deletion guard). */
  async titlesOfPerson(ex: Executor, employeeId: number): Promise<string[]> {
    const rows = await ex
      .select({ title: audits.title })
      .from(audits)
      .where(takesPart(employeeId))
      .orderBy(asc(audits.title))
      .limit(5);
    return rows.map((r) => r.title);
  },

  /** The grids of checklists (for the print). */
  async definitions(ex: Executor, ids: readonly number[]) {
    if (ids.length === 0) return new Map<number, never>();
    const rows = await ex
      .select({
        id: checklists.id,
        rows: checklists.gridRows,
        columns: checklists.gridColumns,
        cells: checklists.cells,
      })
      .from(checklists)
      .where(inArray(checklists.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r]));
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

function takesPart(employeeId: number): SQL {
  return or(
    eq(audits.responsibleId, employeeId),
    eq(audits.executorId, employeeId),
    sql`exists (select 1 from ${auditPeople} ap where ap.audit_id = ${audits.id} and ap.employee_id = ${employeeId})`,
  ) as SQL;
}

export type AuditsRepository = typeof auditsRepository;
