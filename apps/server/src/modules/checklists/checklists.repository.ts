import type { ChecklistRow } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { actions } from '#modules/actions/index.ts';
import { documentLinks } from '#modules/documents/tables.ts';
import { employeePortals, employees } from '#modules/employees/index.ts';
import { locations } from '#modules/organisation/index.ts';
import { employeeRoles, roles } from '#modules/roles/index.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import {
  type ChecklistDefinitionBackup,
  checklistBackups,
  checklistInstances,
  checklists,
} from './checklists.table.ts';

/** Who the actor is for a checklist's rights: the employee, the roles, the location. */
export type RightsSubject = { employeeId: number; roleIds: number[]; locationId: number | null };

/** The checklists a subject may see (`edit`: fill) by their rights; no rights: everyone. */
export function rightsAllow(subject: RightsSubject, edit: boolean): SQL {
  const roleIds = subject.roleIds.length > 0 ? subject.roleIds : [0];
  return sql`(${checklists.rights} = '[]'::jsonb or exists (select 1 from jsonb_array_elements(${checklists.rights}) r where (${edit ? sql`(r->>'edit')::boolean` : sql`true`}) and (
    (r->>'kind' = 'employee' and (r->>'id')::int = ${subject.employeeId})
    or (r->>'kind' = 'role' and (r->>'id')::int = any(${sql.param(roleIds)}::int[]))
    or (r->>'kind' = 'location' and (r->>'id')::int = ${subject.locationId ?? 0}))))`;
}

export type ChecklistRecord = typeof checklists.$inferSelect;
export type ChecklistValues = Omit<
  typeof checklists.$inferInsert,
  'id' | 'version' | 'createdAt' | 'updatedAt'
>;
export type InstanceRecord = typeof checklistInstances.$inferSelect;

const source: ListSource<'label' | 'category' | 'module' | 'updatedAt'> = {
  orderBy: {
    label: sql`lower(${checklists.label})`,
    category: sql`lower(${checklists.category})`,
    module: checklists.module,
    updatedAt: checklists.updatedAt,
  },
  defaultOrderBy: 'label',
  tieBreaker: checklists.id,
  searchText: sql`${checklists.label} || ' ' || ${checklists.category}`,
};

/** Data access of checklists and their filled instances (decision 052): no rules, no German text. */
export const checklistsRepository = {
  async list(
    ex: Executor,
    portalId: number,
    query: Parameters<typeof planList>[1],
    active: boolean | null,
    visible: SQL | undefined,
    module?: string,
  ) {
    const plan = planList(source, query, [
      eq(checklists.portalId, portalId),
      active === null ? undefined : eq(checklists.active, active),
      visible,
      module === undefined ? undefined : eq(checklists.module, module),
    ]);
    return runList<ChecklistRow>(plan, {
      rows: async (p) =>
        (
          await ex
            .select({
              id: checklists.id,
              label: checklists.label,
              category: checklists.category,
              module: checklists.module,
              active: checklists.active,
              cellCount: sql<number>`jsonb_array_length(${checklists.cells})::int`,
              updatedAt: checklists.updatedAt,
            })
            .from(checklists)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset)
        ).map((r) => ({
          ...r,
          module: r.module as ChecklistRow['module'],
          updatedAt: r.updatedAt.toISOString(),
        })),
      count: (where) => countRows(ex, checklists, where),
    });
  },

  async findById(ex: Executor, id: number, lock = false): Promise<ChecklistRecord | undefined> {
    const q = ex.select().from(checklists).where(eq(checklists.id, id));
    const [row] = await (lock ? q.for('update') : q);
    return row;
  },

  async insert(ex: Executor, values: ChecklistValues): Promise<number> {
    const [row] = await ex.insert(checklists).values(values).returning({ id: checklists.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /** Saves when `version` matches (and bumps it); false otherwise. */
  async update(
    ex: Executor,
    id: number,
    version: number,
    values: Partial<ChecklistValues>,
  ): Promise<boolean> {
    const rows = await ex
      .update(checklists)
      .set({ ...values, version: sql`${checklists.version} + 1`, updatedAt: new Date() })
      .where(and(eq(checklists.id, id), eq(checklists.version, version)))
      .returning({ id: checklists.id });
    return rows.length > 0;
  },

  async delete(ex: Executor, id: number, version: number): Promise<boolean> {
    const rows = await ex
      .delete(checklists)
      .where(and(eq(checklists.id, id), eq(checklists.version, version)))
      .returning({ id: checklists.id });
    return rows.length > 0;
  },

  async countInstances(ex: Executor, checklistId: number): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(checklistInstances)
      .where(eq(checklistInstances.checklistId, checklistId));
    return row?.n ?? 0;
  },

  /** The cell keys (of `keys`) that hold an answer in any instance of the checklist. */
  async answeredCells(ex: Executor, checklistId: number, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await ex
      .select({ key: sql<string>`k.key` })
      .from(checklistInstances)
      .innerJoin(sql`jsonb_each(${checklistInstances.answers}) as k(key, value)`, sql`true`)
      .where(
        and(
          eq(checklistInstances.checklistId, checklistId),
          sql`k.key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
          sql`k.value not in ('null'::jsonb, '""'::jsonb, 'false'::jsonb)`,
        ),
      )
      .groupBy(sql`k.key`);
    return rows.map((r) => r.key);
  },

  async listInstances(ex: Executor, checklistId: number): Promise<InstanceRecord[]> {
    return ex
      .select()
      .from(checklistInstances)
      .where(eq(checklistInstances.checklistId, checklistId))
      .orderBy(checklistInstances.id);
  },

  async findInstance(ex: Executor, id: number, lock = false): Promise<InstanceRecord | undefined> {
    const q = ex.select().from(checklistInstances).where(eq(checklistInstances.id, id));
    const [row] = await (lock ? q.for('update') : q);
    return row;
  },

  /** The checklists of a portal meant for one module (the link port's choice), by label. */
  async ofModule(ex: Executor, portalId: number, module: string) {
    return ex
      .select({ id: checklists.id, label: checklists.label, active: checklists.active })
      .from(checklists)
      .where(and(eq(checklists.portalId, portalId), eq(checklists.module, module)))
      .orderBy(sql`lower(${checklists.label})`, checklists.id);
  },

  async findInstanceOfRecord(
    ex: Executor,
    checklistId: number,
    module: string,
    recordId: number,
  ): Promise<InstanceRecord | undefined> {
    const [row] = await ex
      .select()
      .from(checklistInstances)
      .where(
        and(
          eq(checklistInstances.checklistId, checklistId),
          eq(checklistInstances.module, module),
          eq(checklistInstances.recordId, recordId),
        ),
      );
    return row;
  },

  async insertInstance(
    ex: Executor,
    values: { checklistId: number; module: string; recordId: number | null; updatedBy: number | null },
  ): Promise<number> {
    const [row] = await ex
      .insert(checklistInstances)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: checklistInstances.id });
    return row?.id ?? 0;
  },

  async deleteInstance(ex: Executor, id: number): Promise<void> {
    await ex.delete(checklistInstances).where(eq(checklistInstances.id, id));
  },

  async updateInstance(
    ex: Executor,
    id: number,
    version: number,
    values: Pick<InstanceRecord, 'answers' | 'results' | 'progress' | 'status' | 'updatedBy'>,
  ): Promise<boolean> {
    const rows = await ex
      .update(checklistInstances)
      .set({ ...values, version: sql`${checklistInstances.version} + 1`, updatedAt: new Date() })
      .where(and(eq(checklistInstances.id, id), eq(checklistInstances.version, version)))
      .returning({ id: checklistInstances.id });
    return rows.length > 0;
  },

  /** Sets the viewer status's visibility when `version` matches (and bumps it); false otherwise. */
  async setInstanceVisible(ex: Executor, id: number, version: number, visible: boolean): Promise<boolean> {
    const rows = await ex
      .update(checklistInstances)
      .set({ visible, version: sql`${checklistInstances.version} + 1`, updatedAt: new Date() })
      .where(and(eq(checklistInstances.id, id), eq(checklistInstances.version, version)))
      .returning({ id: checklistInstances.id });
    return rows.length > 0;
  },

  /**
   * Which of `ids` are employees the actor may pick: like the employee picker, everyone for the main portal,
   * else the portal's own staff and the staff assigned to it.
   */
  async pickableEmployees(
    ex: Executor,
    actor: { portalId: number; isMainPortal: boolean },
    ids: readonly number[],
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    const visible = actor.isMainPortal
      ? undefined
      : or(
          eq(employees.portalId, actor.portalId),
          sql`exists (select 1 from ${employeePortals} ep where ep.employee_id = ${employees.id} and ep.portal_id = ${actor.portalId})`,
        );
    const rows = await ex
      .select({ id: employees.id })
      .from(employees)
      .where(and(inArray(employees.id, [...ids]), visible));
    return rows.map((r) => r.id);
  },

  /** Names of employees (the picked employees of filled checklists). */
  async employeeNames(ex: Executor, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({
        id: employees.id,
        personnelNumber: employees.personnelNumber,
        lastName: employees.lastName,
        firstName: employees.firstName,
      })
      .from(employees)
      .where(inArray(employees.id, [...ids]));
  },

  /** The actions created by task cells of instances (source type `sourceType`, source id the instance). */
  async actionsOf(ex: Executor, sourceType: string, instanceIds: readonly number[]) {
    if (instanceIds.length === 0) return [];
    return ex
      .select({
        id: actions.id,
        sourceId: actions.sourceId,
        designation: actions.designation,
        done: actions.done,
        dueDate: actions.dueDate,
      })
      .from(actions)
      .where(and(eq(actions.sourceType, sourceType), inArray(actions.sourceId, [...instanceIds])));
  },

  /** Number of documents linked to any of the instances (as entity `entity`). */
  async documentCount(ex: Executor, entity: string, instanceIds: readonly number[]): Promise<number> {
    if (instanceIds.length === 0) return 0;
    const [row] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(documentLinks)
      .where(and(eq(documentLinks.entity, entity), inArray(documentLinks.entityId, [...instanceIds])));
    return row?.n ?? 0;
  },

  /** Which of `documentIds` are linked to the entity (as `entity`). */
  async linkedDocuments(ex: Executor, entity: string, entityId: number, documentIds: readonly number[]) {
    if (documentIds.length === 0) return [];
    const rows = await ex
      .select({ id: documentLinks.documentId })
      .from(documentLinks)
      .where(
        and(
          eq(documentLinks.entity, entity),
          eq(documentLinks.entityId, entityId),
          inArray(documentLinks.documentId, [...documentIds]),
        ),
      );
    return rows.map((r) => r.id);
  },

  async instanceIds(ex: Executor, checklistId: number): Promise<number[]> {
    const rows = await ex
      .select({ id: checklistInstances.id })
      .from(checklistInstances)
      .where(eq(checklistInstances.checklistId, checklistId));
    return rows.map((r) => r.id);
  },

  /** The actor's roles and location (for a checklist's rights). */
  async rightsSubject(ex: Executor, employeeId: number): Promise<RightsSubject> {
    const [employee] = await ex
      .select({ locationId: employees.locationId })
      .from(employees)
      .where(eq(employees.id, employeeId));
    const roleRows = await ex
      .select({ id: employeeRoles.roleId })
      .from(employeeRoles)
      .where(eq(employeeRoles.employeeId, employeeId));
    return { employeeId, roleIds: roleRows.map((r) => r.id), locationId: employee?.locationId ?? null };
  },

  /** Whether the subject's rights let it see (`edit`: fill) the checklist. */
  async rightsAllow(ex: Executor, checklistId: number, subject: RightsSubject, edit: boolean) {
    const [row] = await ex
      .select({ id: checklists.id })
      .from(checklists)
      .where(and(eq(checklists.id, checklistId), rightsAllow(subject, edit)));
    return row !== undefined;
  },

  /** Names of the rights' roles and locations of a portal, by `kind:id`. */
  async rightNames(ex: Executor, portalId: number, rights: readonly { kind: string; id: number }[]) {
    const names = new Map<string, string>();
    const ids = (kind: string) => rights.filter((r) => r.kind === kind).map((r) => r.id);
    const roleIds = ids('role');
    if (roleIds.length > 0)
      for (const r of await ex
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(and(eq(roles.portalId, portalId), inArray(roles.id, roleIds))))
        names.set(`role:${r.id}`, r.name);
    const locationIds = ids('location');
    if (locationIds.length > 0)
      for (const l of await ex
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .where(and(eq(locations.portalId, portalId), inArray(locations.id, locationIds))))
        names.set(`location:${l.id}`, l.name);
    const employeeIds = ids('employee');
    for (const e of await this.employeeNames(ex, employeeIds))
      names.set(`employee:${e.id}`, `${e.lastName}, ${e.firstName} (${e.personnelNumber})`);
    return names;
  },

  /** The roles of a portal (choices for a checklist's rights). */
  async portalRoles(ex: Executor, portalId: number) {
    return ex
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(eq(roles.portalId, portalId))
      .orderBy(sql`lower(${roles.name})`);
  },

  async countClones(ex: Executor, checklistId: number): Promise<number> {
    const [row] = await ex
      .select({ n: sql<number>`count(*)::int` })
      .from(checklists)
      .where(eq(checklists.clonedFromId, checklistId));
    return row?.n ?? 0;
  },

  async insertBackup(
    ex: Executor,
    values: {
      checklistId: number;
      version: number;
      definition: ChecklistDefinitionBackup;
      createdBy: number;
    },
  ): Promise<void> {
    await ex.insert(checklistBackups).values(values);
  },

  async listBackups(ex: Executor, checklistId: number) {
    return ex
      .select({
        id: checklistBackups.id,
        version: checklistBackups.version,
        label: sql<string>`${checklistBackups.definition}->>'label'`,
        cellCount: sql<number>`jsonb_array_length(${checklistBackups.definition}->'cells')::int`,
        createdAt: checklistBackups.createdAt,
        lastName: employees.lastName,
        firstName: employees.firstName,
      })
      .from(checklistBackups)
      .leftJoin(employees, eq(employees.id, checklistBackups.createdBy))
      .where(eq(checklistBackups.checklistId, checklistId))
      .orderBy(desc(checklistBackups.id));
  },

  async findBackup(ex: Executor, checklistId: number, backupId: number) {
    const [row] = await ex
      .select()
      .from(checklistBackups)
      .where(and(eq(checklistBackups.id, backupId), eq(checklistBackups.checklistId, checklistId)));
    return row;
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type ChecklistsRepository = typeof checklistsRepository;
