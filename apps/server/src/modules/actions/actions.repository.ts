import type {
  ActionListQuery,
  TaskKind,
  TaskState,
  taskListQuerySchema,
} from '@schutzwerk/shared/actions/actions.schema.ts';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { updateVersionedReturning } from '#db/versioned.ts';
import { employees } from '#modules/employees/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { countAll, type ListSource, planList, runList } from '#platform/list.ts';
import { countRows } from '#platform/list-count.ts';
import { actionPeople, actions, tasks } from './actions.table.ts';

/**
 * Data access of actions and tasks (decision 020): every query of the module, no rules. Each function takes
 * the executor first (the database, or the caller's transaction).
 */

export type ActionRecord = typeof actions.$inferSelect;
export type ActionInsert = typeof actions.$inferInsert;
export type TaskRecord = typeof tasks.$inferSelect;
export type TaskInsert = typeof tasks.$inferInsert;
export type PeopleRole = 'participant' | 'observer' | 'affected';
export type ActionPeople = { participantIds: number[]; observerIds: number[]; affectedIds: number[] };
export type PersonRecord = { id: number; lastName: string; firstName: string; personnelNumber: string };
type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/**
 * Which actions a list may show: the whole portal, or (`all: false`) the actions the employee is involved
 * in plus those at the given locations.
 */
export type ActionReadScope =
  | { portalId: number; all: true }
  | { portalId: number; all: false; employeeId: number; locationIds: readonly number[] };

export type NewTask = {
  portalId: number;
  kind: TaskKind;
  sourceType: string;
  sourceId: number;
  /** Only for kind 'action' (the action module keeps these itself). */
  actionId?: number | null;
  assigneeId: number;
  responsibleId?: number | null;
  title: string;
  /** Web path the task opens ('/hazardanalysis/7'). */
  linkPath?: string | null;
  /** yyyy-mm-dd */
  dueDate?: string | null;
};

export type TaskSelector = {
  sourceType: string;
  sourceId: number;
  kinds?: readonly TaskKind[];
  /** Only the tasks opening this path (e.g. one document's task among an assessment's document tasks). */
  linkPath?: string;
};

/** An open task due by a day, claimed for its reminder, with its assignee's contact. */
export type DueTask = {
  id: number;
  title: string;
  due_date: string;
  source_type: string;
  link_path: string | null;
  assignee_id: number;
  email: string | null;
  first_name: string;
  last_name: string;
  language: string | null;
  country: string | null;
};

/** STOP order as a sort expression (substitution first, no type last). */
const typeOrder = sql`case ${actions.type} when 'substitution' then 1 when 'technical' then 2 when 'organisational' then 3 when 'personal' then 4 else 5 end`;
const responsibleName = sql<string>`(select e.last_name || ', ' || e.first_name from employees e where e.id = ${actions.responsibleId})`;
const executorName = sql<string>`coalesce((select e.last_name || ', ' || e.first_name from employees e where e.id = ${actions.executorId}), ${actions.externalExecutor}, '')`;
const locationName = sql<string | null>`(select l.name from locations l where l.id = ${actions.locationId})`;
const openTaskState = sql<TaskState | null>`(select t.state from tasks t where t.action_id = ${actions.id} and t.kind = 'action' and t.state <> 'done' limit 1)`;
const assigneeName = sql<string>`(select e.last_name || ', ' || e.first_name from employees e where e.id = ${tasks.assigneeId})`;
const taskResponsibleName = sql<
  string | null
>`(select e.last_name || ', ' || e.first_name from employees e where e.id = ${tasks.responsibleId})`;

const actionListSource: ListSource = {
  orderBy: {
    designation: sql`lower(${actions.designation})`,
    dueDate: [sql`${actions.dueDate} is null`, actions.dueDate],
    type: typeOrder,
    done: actions.done,
    responsible: sql`lower(${responsibleName})`,
    location: sql`lower(${locationName})`,
    id: actions.id,
  },
  defaultOrderBy: 'dueDate',
  tieBreaker: actions.id,
  searchText: sql`${actions.designation}`,
  // No joins: names come from correlated subqueries (decision 035).
  rowsOf: actions,
};

const taskListSource: ListSource = {
  orderBy: {
    dueDate: [sql`${tasks.dueDate} is null`, tasks.dueDate],
    title: sql`lower(${tasks.title})`,
  },
  defaultOrderBy: 'dueDate',
  tieBreaker: tasks.id,
  searchText: sql`${tasks.title}`,
  rowsOf: tasks,
};

function scopeWhere(scope: ActionReadScope): SQL | undefined {
  const portal = eq(actions.portalId, scope.portalId);
  if (scope.all) return portal;
  const parts: SQL[] = [
    sql`(${actions.responsibleId} = ${scope.employeeId} or ${actions.executorId} = ${scope.employeeId}
      or exists (select 1 from action_people ap where ap.action_id = ${actions.id} and ap.employee_id = ${scope.employeeId}))`,
  ];
  if (scope.locationIds.length > 0) parts.push(inArray(actions.locationId, [...scope.locationIds]));
  return and(portal, or(...parts));
}

function selectorWhere(selector: TaskSelector) {
  return and(
    eq(tasks.sourceType, selector.sourceType),
    eq(tasks.sourceId, selector.sourceId),
    ne(tasks.state, 'done'),
    selector.kinds && selector.kinds.length > 0 ? inArray(tasks.kind, [...selector.kinds]) : undefined,
    selector.linkPath === undefined ? undefined : eq(tasks.linkPath, selector.linkPath),
  );
}

export const actionsRepository = {
  // ── actions ─────────────────────────────────────────────────────────────────────────────────────

  async findAction(ex: Executor, id: number, lock = false): Promise<ActionRecord | undefined> {
    const q = ex.select().from(actions).where(eq(actions.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insertAction(ex: Executor, values: ActionInsert): Promise<ActionRecord> {
    const [row] = await ex.insert(actions).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** Updates only when `version` matches (and bumps it); undefined otherwise. */
  async updateActionVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<ActionInsert>,
  ): Promise<ActionRecord | undefined> {
    return updateVersionedReturning(ex, actions, id, version, patch);
  },

  async markActionDone(ex: Executor, id: number, actorId: number): Promise<void> {
    await ex
      .update(actions)
      .set({
        done: true,
        doneAt: new Date(),
        doneBy: actorId,
        version: sql`${actions.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(actions.id, id));
  },

  /** Deletes an action; its people and tasks go with it (cascade). */
  async deleteAction(ex: Executor, id: number): Promise<void> {
    await ex.delete(actions).where(eq(actions.id, id));
  },

  async listActions(ex: Executor, query: ActionListQuery, scope: ActionReadScope) {
    const filters: (SQL | undefined)[] = [scopeWhere(scope)];
    if (query.sourceType !== undefined) filters.push(eq(actions.sourceType, query.sourceType));
    if (query.sourceId !== undefined) filters.push(eq(actions.sourceId, query.sourceId));
    if (query.type !== undefined) filters.push(eq(actions.type, query.type));
    if (query.state === 'open') filters.push(eq(actions.done, false));
    if (query.state === 'done') filters.push(eq(actions.done, true));
    if (query.state === 'overdue')
      filters.push(and(eq(actions.done, false), sql`${actions.dueDate} < current_date`));
    const plan = planList(actionListSource, query, filters);
    return runList(plan, {
      rows: (p) =>
        ex
          .select({
            id: actions.id,
            sourceType: actions.sourceType,
            sourceId: actions.sourceId,
            designation: actions.designation,
            type: actions.type,
            dueDate: actions.dueDate,
            done: actions.done,
            locationName,
            responsibleName,
            executorName,
            taskState: openTaskState,
            immediateFlags: actions.immediateFlags,
            version: actions.version,
          })
          .from(actions)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, actions, where),
    });
  },

  // ── people, names, references ───────────────────────────────────────────────────────────────────

  /** Is the employee a participant, observer or affected person of the action? */
  async isPersonOfAction(ex: Executor, actionId: number, employeeId: number): Promise<boolean> {
    const [hit] = await ex
      .select({ id: actionPeople.actionId })
      .from(actionPeople)
      .where(and(eq(actionPeople.actionId, actionId), eq(actionPeople.employeeId, employeeId)))
      .limit(1);
    return Boolean(hit);
  },

  async peopleOf(ex: Executor, actionId: number): Promise<ActionPeople> {
    const rows = await ex
      .select({ role: actionPeople.role, employeeId: actionPeople.employeeId })
      .from(actionPeople)
      .where(eq(actionPeople.actionId, actionId));
    const ids = (role: PeopleRole) => rows.filter((r) => r.role === role).map((r) => r.employeeId);
    return { participantIds: ids('participant'), observerIds: ids('observer'), affectedIds: ids('affected') };
  },

  /** Replaces the action's people (duplicates within a role are dropped). */
  async replacePeople(ex: Executor, actionId: number, people: ActionPeople): Promise<void> {
    await ex.delete(actionPeople).where(eq(actionPeople.actionId, actionId));
    const rows = [
      ...[...new Set(people.participantIds)].map((employeeId) => ({ role: 'participant', employeeId })),
      ...[...new Set(people.observerIds)].map((employeeId) => ({ role: 'observer', employeeId })),
      ...[...new Set(people.affectedIds)].map((employeeId) => ({ role: 'affected', employeeId })),
    ];
    if (rows.length > 0) await ex.insert(actionPeople).values(rows.map((r) => ({ ...r, actionId })));
  },

  /** Name and personnel number of each existing employee among `ids`. */
  async persons(ex: Executor, ids: readonly number[]): Promise<Map<number, PersonRecord>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await ex
      .select({
        id: employees.id,
        lastName: employees.lastName,
        firstName: employees.firstName,
        personnelNumber: employees.personnelNumber,
      })
      .from(employees)
      .where(inArray(employees.id, wanted));
    return new Map(rows.map((r) => [r.id, r]));
  },

  async location(ex: Executor, id: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await ex
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.id, id));
    return row;
  },

  /** The ids among `ids` of employees of the portal. */
  /** The portal's locations of these names (the demo data place their actions by name). */
  async locationsNamed(
    ex: Executor,
    portalId: number,
    names: string[],
  ): Promise<{ id: number; name: string }[]> {
    return ex
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(and(eq(locations.portalId, portalId), inArray(locations.name, names)));
  },

  async employeesInPortal(ex: Executor, portalId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await ex
      .select({ id: employees.id })
      .from(employees)
      .where(and(inArray(employees.id, [...new Set(ids)]), eq(employees.portalId, portalId)));
    return new Set(rows.map((r) => r.id));
  },

  async locationInPortal(ex: Executor, portalId: number, id: number): Promise<boolean> {
    const [row] = await ex
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, id), eq(locations.portalId, portalId)));
    return Boolean(row);
  },

  /** Who receives a problem report: the responsible person's contact and state. */
  async contactOf(ex: Executor, employeeId: number) {
    const [row] = await ex
      .select({
        id: employees.id,
        email: employees.email,
        active: employees.active,
        firstName: employees.firstName,
        lastName: employees.lastName,
        language: employees.language,
        country: employees.country,
      })
      .from(employees)
      .where(eq(employees.id, employeeId));
    return row;
  },

  // ── actions by source (for the modules that own the sources) ───────────────────────────────────

  async countOfSource(ex: Executor, sourceType: string, sourceId: number): Promise<number> {
    const [row] = await ex
      .select({ n: countAll })
      .from(actions)
      .where(and(eq(actions.sourceType, sourceType), eq(actions.sourceId, sourceId)));
    return row?.n ?? 0;
  },

  async countsOfSources(
    ex: Executor,
    sourceType: string,
    sourceIds: readonly number[],
  ): Promise<Map<number, { total: number; done: number }>> {
    const out = new Map<number, { total: number; done: number }>();
    if (sourceIds.length === 0) return out;
    const rows = await ex
      .select({
        sourceId: actions.sourceId,
        total: countAll,
        done: sql<number>`cast(count(*) filter (where ${actions.done}) as integer)`,
      })
      .from(actions)
      .where(and(eq(actions.sourceType, sourceType), inArray(actions.sourceId, [...new Set(sourceIds)])))
      .groupBy(actions.sourceId);
    for (const r of rows) out.set(r.sourceId, { total: Number(r.total), done: Number(r.done) });
    return out;
  },

  async designationsOfSource(
    ex: Executor,
    sourceType: string,
    sourceId: number,
  ): Promise<{ designation: string; description: string }[]> {
    return ex
      .select({ designation: actions.designation, description: actions.description })
      .from(actions)
      .where(and(eq(actions.sourceType, sourceType), eq(actions.sourceId, sourceId)));
  },

  /** Deletes the not-done actions of a source record; answers what was deleted. */
  async deleteOpenActionsOfSource(
    ex: Executor,
    sourceType: string,
    sourceId: number,
  ): Promise<{ id: number; designation: string }[]> {
    return ex
      .delete(actions)
      .where(and(eq(actions.sourceType, sourceType), eq(actions.sourceId, sourceId), eq(actions.done, false)))
      .returning({ id: actions.id, designation: actions.designation });
  },

  async deleteActionsOfSource(ex: Executor, sourceType: string, sourceId: number): Promise<number> {
    const rows = await ex
      .delete(actions)
      .where(and(eq(actions.sourceType, sourceType), eq(actions.sourceId, sourceId)))
      .returning({ id: actions.id });
    return rows.length;
  },

  /** Actions the employee is responsible for or executes. */
  async countActionsOfEmployee(ex: Executor, employeeId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from actions where responsible_id = ${employeeId} or executor_id = ${employeeId}`,
    );
    return Number(row?.n ?? 0);
  },

  // ── tasks ───────────────────────────────────────────────────────────────────────────────────────

  async findTaskForUpdate(ex: Executor, id: number): Promise<TaskRecord | undefined> {
    const [task] = await ex.select().from(tasks).where(eq(tasks.id, id)).for('update');
    return task;
  },

  /** The action's not-done executor task (at most one). */
  async openActionTask(ex: Executor, actionId: number, lock = false): Promise<TaskRecord | undefined> {
    const q = ex
      .select()
      .from(tasks)
      .where(and(eq(tasks.actionId, actionId), eq(tasks.kind, 'action'), ne(tasks.state, 'done')));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** Creates an open task; answers its id. */
  async insertTask(ex: Executor, task: NewTask): Promise<number> {
    const [row] = await ex
      .insert(tasks)
      .values({
        portalId: task.portalId,
        kind: task.kind,
        sourceType: task.sourceType,
        sourceId: task.sourceId,
        actionId: task.actionId ?? null,
        assigneeId: task.assigneeId,
        responsibleId: task.responsibleId ?? null,
        title: task.title,
        linkPath: task.linkPath ?? null,
        dueDate: task.dueDate ?? null,
        state: 'open',
      })
      .returning({ id: tasks.id });
    return row!.id;
  },

  /** Changes a task and bumps its version. */
  async updateTask(ex: Executor, id: number, patch: Partial<TaskInsert>): Promise<void> {
    await ex
      .update(tasks)
      .set({ ...patch, version: sql`${tasks.version} + 1`, updatedAt: new Date() })
      .where(eq(tasks.id, id));
  },

  async deleteTask(ex: Executor, id: number): Promise<void> {
    await ex.delete(tasks).where(eq(tasks.id, id));
  },

  async openTasks(ex: Executor, selector: TaskSelector) {
    return ex
      .select({
        id: tasks.id,
        kind: tasks.kind,
        assigneeId: tasks.assigneeId,
        title: tasks.title,
        linkPath: tasks.linkPath,
        dueDate: tasks.dueDate,
      })
      .from(tasks)
      .where(selectorWhere(selector));
  },

  async deleteOpenTasks(ex: Executor, selector: TaskSelector): Promise<number> {
    const rows = await ex.delete(tasks).where(selectorWhere(selector)).returning({ id: tasks.id });
    return rows.length;
  },

  async completeOpenTasks(
    ex: Executor,
    selector: TaskSelector & { comment: string; actorId?: number | null },
  ): Promise<number> {
    const rows = await ex
      .update(tasks)
      .set({
        state: 'done',
        doneAt: new Date(),
        doneBy: selector.actorId ?? null,
        comment: selector.comment,
        version: sql`${tasks.version} + 1`,
        updatedAt: new Date(),
      })
      .where(selectorWhere(selector))
      .returning({ id: tasks.id });
    return rows.length;
  },

  /**
   * The tasks list of one employee: 'open' / 'done' = assigned to them in that state; 'problem' = reported
   * problems they reported (assignee) or must solve (responsible).
   */
  async listTasks(ex: Executor, query: TaskListQuery, employeeId: number) {
    const filter =
      query.state === 'problem'
        ? and(
            eq(tasks.state, 'problem'),
            or(eq(tasks.assigneeId, employeeId), eq(tasks.responsibleId, employeeId)),
          )
        : and(eq(tasks.state, query.state), eq(tasks.assigneeId, employeeId));
    const plan = planList(taskListSource, query, [filter]);
    return runList(plan, {
      rows: (p) =>
        ex
          .select({
            id: tasks.id,
            kind: tasks.kind,
            sourceType: tasks.sourceType,
            sourceId: tasks.sourceId,
            actionId: tasks.actionId,
            title: tasks.title,
            linkPath: tasks.linkPath,
            dueDate: tasks.dueDate,
            state: tasks.state,
            assigneeId: tasks.assigneeId,
            assigneeName,
            responsibleId: tasks.responsibleId,
            responsibleName: taskResponsibleName,
            problemReason: tasks.problemReason,
            problemReportedAt: tasks.problemReportedAt,
            comment: tasks.comment,
            doneAt: tasks.doneAt,
            version: tasks.version,
          })
          .from(tasks)
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset),
      count: (where) => countRows(ex, tasks, where),
    });
  },

  /**
   * Claims the open tasks due by `today` not yet reminded today (sets `last_reminded_on` in the same
   * statement, so two runs or two processes never claim one task twice) with their assignees' contacts.
   */
  async claimDueReminders(ex: Executor, today: string): Promise<DueTask[]> {
    return queryRows<DueTask>(
      ex,
      sql`update tasks t set last_reminded_on = ${today}
          from employees e
          where e.id = t.assignee_id and t.state = 'open' and t.due_date <= ${today}
            and (t.last_reminded_on is null or t.last_reminded_on < ${today})
          returning t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.source_type, t.link_path,
                    t.assignee_id, e.email, e.first_name, e.last_name, e.language, e.country`,
    );
  },

  // ── change log ──────────────────────────────────────────────────────────────────────────────────

  /** Writes a change-log row (platform audit) in the same executor. */
  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type ActionsRepository = typeof actionsRepository;
