import {
  type Action,
  type ActionListQuery,
  type ActionRow,
  type ActionType,
  actionListQuerySchema,
  type CreateAction,
  createActionSchema,
  type Effectiveness,
  type ExecutorKind,
  GENERAL_SOURCE,
  type Person,
  type TaskListQueryInput,
  type TaskRow,
  type TaskState,
  taskListQuerySchema,
  type UpdateAction,
  updateActionSchema,
} from '@schutzwerk/shared/actions/actions.schema.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '#db/client.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { ownedUnitIds } from '#modules/employees/responsibility.ts';
import { renderTemplateMail } from '#modules/mail/mail-templates.ts';
import { enqueueMail } from '#modules/mail/outbox.ts';
import { locations } from '#modules/organisation/organisation.table.ts';
import type { SettingsService } from '#modules/settings/settings.service.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { countAll, type ListSource, planList, runList } from '#platform/list.ts';
import type { ActionSourceDescription, ActionSources } from './action-sources.ts';
import { actionPeople, actions, tasks } from './actions.table.ts';
import { createTask, deleteOpenTasks } from './tasks.ts';

type ActionRecord = typeof actions.$inferSelect;
type TaskRecord = typeof tasks.$inferSelect;
type PeopleRole = 'participant' | 'observer' | 'affected';

const FIELDS = [
  'designation',
  'description',
  'type',
  'dueDate',
  'done',
  'locationId',
  'responsibleId',
  'executorId',
  'externalExecutor',
  'informational',
  'immediateFlags',
  'effectiveness',
  'effectivenessCheckedOn',
  'effectivenessCheckedBy',
  'participantIds',
  'observerIds',
  'affectedIds',
] as const;

const emailCheck = z.email();

/** STOP order as a sort expression (substitution first, no type last). */
const typeOrder = sql`case ${actions.type} when 'substitution' then 1 when 'technical' then 2 when 'organisational' then 3 when 'personal' then 4 else 5 end`;
const responsibleName = sql<string>`(select e.last_name || ', ' || e.first_name from employees e where e.id = ${actions.responsibleId})`;
const executorName = sql<string>`coalesce((select e.last_name || ', ' || e.first_name from employees e where e.id = ${actions.executorId}), ${actions.externalExecutor}, '')`;
const locationName = sql<string | null>`(select l.name from locations l where l.id = ${actions.locationId})`;
const openTaskState = sql<TaskState | null>`(select t.state from tasks t where t.action_id = ${actions.id} and t.kind = 'action' and t.state <> 'done' limit 1)`;

const actionSource: ListSource = {
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
};

const taskSource: ListSource = {
  orderBy: {
    dueDate: [sql`${tasks.dueDate} is null`, tasks.dueDate],
    title: sql`lower(${tasks.title})`,
  },
  defaultOrderBy: 'dueDate',
  tieBreaker: tasks.id,
  searchText: sql`${tasks.title}`,
};

type Deps = { db: Db; sources: ActionSources; settings: Pick<SettingsService, 'read'> };

const dateIso = (d: Date | null) => (d ? d.toISOString() : null);

export function createActionsService({ db, sources, settings }: Deps) {
  // ── scope ───────────────────────────────────────────────────────────────────────────────────────

  const ownCondition = (actor: Actor) =>
    sql`(${actions.responsibleId} = ${actor.employeeId} or ${actions.executorId} = ${actor.employeeId}
      or exists (select 1 from action_people ap where ap.action_id = ${actions.id} and ap.employee_id = ${actor.employeeId}))`;

  /** The actions an actor may read without a source grant: all (ACTIONS_ALL), own locations (AREA), own. */
  async function readScope(ex: Executor, actor: Actor): Promise<SQL | undefined> {
    const portal = eq(actions.portalId, actor.portalId);
    if (actorHasAny(actor, P.ACTIONS_ALL)) return portal;
    const parts: SQL[] = [ownCondition(actor)];
    if (actorHasAny(actor, P.ACTIONS_AREA)) {
      const owned = await ownedUnitIds(ex, 'location', actor.employeeId);
      if (owned.size > 0) parts.push(inArray(actions.locationId, [...owned]));
    }
    return and(portal, or(...parts));
  }

  async function isInvolved(ex: Executor, actor: Actor, row: ActionRecord): Promise<boolean> {
    if (row.responsibleId === actor.employeeId || row.executorId === actor.employeeId) return true;
    const [hit] = await ex
      .select({ id: actionPeople.actionId })
      .from(actionPeople)
      .where(and(eq(actionPeople.actionId, row.id), eq(actionPeople.employeeId, actor.employeeId)))
      .limit(1);
    return Boolean(hit);
  }

  async function inOwnArea(ex: Executor, actor: Actor, locationId: number | null): Promise<boolean> {
    if (locationId === null || !actorHasAny(actor, P.ACTIONS_AREA)) return false;
    return (await ownedUnitIds(ex, 'location', actor.employeeId)).has(locationId);
  }

  async function canRead(ex: Executor, actor: Actor, row: ActionRecord): Promise<boolean> {
    if (row.portalId !== actor.portalId) return false;
    if (actorHasAny(actor, P.ACTIONS_ALL)) return true;
    if (await isInvolved(ex, actor, row)) return true;
    if (await inOwnArea(ex, actor, row.locationId)) return true;
    const source = sources.get(row.sourceType);
    return row.sourceType !== GENERAL_SOURCE && source ? source.canRead(actor, ex, row.sourceId) : false;
  }

  /**
   * May the actor create/change/delete an action of this source with `right`? The right itself, a
   * registered source that agrees (deny by default) and, for stand-alone actions, the location scope:
   * ACTIONS_ALL, a location of one's own area (ACTIONS_AREA), or being the responsible person.
   */
  async function canWrite(
    ex: Executor,
    actor: Actor,
    target: { sourceType: string; sourceId: number; locationId: number | null; responsibleId: number },
    rights: number[],
  ): Promise<boolean> {
    if (!actorHasAny(actor, ...rights)) return false;
    const source = sources.get(target.sourceType);
    if (!source) return false;
    if (!(await source.canEdit(actor, ex, target.sourceId))) return false;
    if (target.sourceType !== GENERAL_SOURCE) return true;
    if (actorHasAny(actor, P.ACTIONS_ALL)) return true;
    if (await inOwnArea(ex, actor, target.locationId)) return true;
    return target.responsibleId === actor.employeeId;
  }

  // ── reading ─────────────────────────────────────────────────────────────────────────────────────

  async function describe(ex: Executor, rows: { sourceType: string; sourceId: number }[]) {
    const byType = new Map<string, Set<number>>();
    for (const row of rows) {
      const set = byType.get(row.sourceType) ?? new Set<number>();
      set.add(row.sourceId);
      byType.set(row.sourceType, set);
    }
    const out = new Map<string, ActionSourceDescription>();
    for (const [type, ids] of byType) {
      const source = sources.get(type);
      const described = source ? await source.describe(ex, [...ids]) : new Map();
      for (const id of ids)
        out.set(`${type}:${id}`, described.get(id) ?? { label: 'Unbekannte Herkunft', link: null });
    }
    return (row: { sourceType: string; sourceId: number }) =>
      out.get(`${row.sourceType}:${row.sourceId}`) ?? { label: 'Unbekannte Herkunft', link: null };
  }

  async function persons(ex: Executor, ids: readonly (number | null)[]): Promise<Map<number, Person>> {
    const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
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
  }

  async function peopleOf(ex: Executor, actionId: number) {
    const rows = await ex
      .select({ role: actionPeople.role, employeeId: actionPeople.employeeId })
      .from(actionPeople)
      .where(eq(actionPeople.actionId, actionId));
    const ids = (role: PeopleRole) => rows.filter((r) => r.role === role).map((r) => r.employeeId);
    return { participantIds: ids('participant'), observerIds: ids('observer'), affectedIds: ids('affected') };
  }

  async function openActionTask(
    ex: Executor,
    actionId: number,
    lock = false,
  ): Promise<TaskRecord | undefined> {
    const q = ex
      .select()
      .from(tasks)
      .where(and(eq(tasks.actionId, actionId), eq(tasks.kind, 'action'), ne(tasks.state, 'done')));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async function findAction(ex: Executor, id: number, lock = false): Promise<ActionRecord | undefined> {
    const q = ex.select().from(actions).where(eq(actions.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async function present(ex: Executor, actor: Actor, row: ActionRecord): Promise<Action> {
    const people = await peopleOf(ex, row.id);
    const named = await persons(ex, [
      row.responsibleId,
      row.executorId,
      row.doneBy,
      row.effectivenessCheckedBy,
      ...people.participantIds,
      ...people.observerIds,
      ...people.affectedIds,
    ]);
    const person = (id: number | null) => (id === null ? null : (named.get(id) ?? null));
    const list = (ids: number[]) => ids.map((id) => named.get(id)).filter((p): p is Person => Boolean(p));
    const [location] =
      row.locationId === null
        ? []
        : await ex
            .select({ id: locations.id, name: locations.name })
            .from(locations)
            .where(eq(locations.id, row.locationId));
    const task = await openActionTask(ex, row.id);
    const source = (await describe(ex, [row]))(row);
    const target = { ...row };
    return {
      id: row.id,
      sourceType: row.sourceType,
      sourceId: row.sourceId,
      sourceLabel: source.label,
      sourceLink: source.link,
      designation: row.designation,
      description: row.description,
      type: row.type as ActionType | null,
      dueDate: row.dueDate,
      done: row.done,
      doneAt: dateIso(row.doneAt),
      doneBy: person(row.doneBy),
      location: location ?? null,
      responsible: person(row.responsibleId) ?? {
        id: row.responsibleId,
        lastName: '',
        firstName: '',
        personnelNumber: '',
      },
      executorKind: executorKindOf(row),
      executor: person(row.executorId),
      externalExecutor: row.externalExecutor ?? '',
      participants: list(people.participantIds),
      observers: list(people.observerIds),
      affected: list(people.affectedIds),
      informational: row.informational,
      immediateFlags: row.immediateFlags,
      effectiveness: row.effectiveness as Effectiveness,
      effectivenessCheckedOn: row.effectivenessCheckedOn,
      effectivenessCheckedBy: person(row.effectivenessCheckedBy),
      task: task ? { id: task.id, state: task.state as TaskState, problemReason: task.problemReason } : null,
      canEdit: await canWrite(ex, actor, target, [P.ACTIONS_EDIT]),
      canDelete: await canWrite(ex, actor, target, [P.ACTIONS_DELETE]),
      version: row.version,
    };
  }

  function executorKindOf(row: ActionRecord): ExecutorKind {
    if (row.executorId !== null) return 'employee';
    if (row.externalExecutor !== null) return 'external';
    return 'none';
  }

  // ── writing helpers ─────────────────────────────────────────────────────────────────────────────

  type Input = ReturnType<typeof createActionSchema.parse>;

  /** Every referenced employee and the location must exist in the action's portal. */
  async function checkReferences(ex: Executor, portalId: number, input: Input) {
    const details: { path: string[]; message: string }[] = [];
    const single: [string, number | null][] = [
      ['responsibleId', input.responsibleId],
      ['executorId', input.executorKind === 'employee' ? input.executorId : null],
      ['effectivenessCheckedById', input.effectivenessCheckedById],
    ];
    const all = [
      ...single.map(([, id]) => id),
      ...input.participantIds,
      ...input.observerIds,
      ...input.affectedIds,
    ].filter((id): id is number => id !== null);
    const found =
      all.length === 0
        ? new Set<number>()
        : new Set(
            (
              await ex
                .select({ id: employees.id })
                .from(employees)
                .where(and(inArray(employees.id, [...new Set(all)]), eq(employees.portalId, portalId)))
            ).map((r) => r.id),
          );
    for (const [path, id] of single)
      if (id !== null && !found.has(id))
        details.push({ path: ['body', path], message: 'Diese Person gibt es (in diesem Portal) nicht.' });
    for (const key of ['participantIds', 'observerIds', 'affectedIds'] as const)
      if (input[key].some((id) => !found.has(id)))
        details.push({ path: ['body', key], message: 'Mindestens eine gewählte Person gibt es nicht.' });
    if (input.locationId !== null) {
      const [loc] = await ex
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.id, input.locationId), eq(locations.portalId, portalId)));
      if (!loc) details.push({ path: ['body', 'locationId'], message: 'Diesen Ort gibt es nicht.' });
    }
    if (details.length > 0) throw new AppError('INPUT_VALIDATION_ERROR', { details });
  }

  function columns(input: Input) {
    return {
      designation: input.designation,
      description: input.description,
      type: input.type,
      dueDate: input.dueDate,
      locationId: input.locationId,
      responsibleId: input.responsibleId,
      executorId: input.executorKind === 'employee' ? input.executorId : null,
      externalExecutor: input.executorKind === 'external' ? input.externalExecutor : null,
      informational: input.informational,
      immediateFlags: input.immediateFlags,
      effectiveness: input.effectiveness,
      effectivenessCheckedOn: input.effectiveness === 'notChecked' ? null : input.effectivenessCheckedOn,
      effectivenessCheckedBy: input.effectiveness === 'notChecked' ? null : input.effectivenessCheckedById,
    };
  }

  async function replacePeople(ex: Executor, actionId: number, input: Input) {
    await ex.delete(actionPeople).where(eq(actionPeople.actionId, actionId));
    const rows = [
      ...[...new Set(input.participantIds)].map((employeeId) => ({ role: 'participant', employeeId })),
      ...[...new Set(input.observerIds)].map((employeeId) => ({ role: 'observer', employeeId })),
      ...[...new Set(input.affectedIds)].map((employeeId) => ({ role: 'affected', employeeId })),
    ];
    if (rows.length > 0) await ex.insert(actionPeople).values(rows.map((r) => ({ ...r, actionId })));
  }

  /**
   * Keeps the executor's task in line with the action: an action with an employee executor that is not
   * done has exactly one not-done 'action' task for that executor. A changed executor drops the old task
   * and opens one for the new; done completes it; title, due date and responsible follow the action.
   */
  async function syncActionTask(ex: Executor, row: ActionRecord, actorId: number) {
    const open = await openActionTask(ex, row.id, true);
    const wanted = !row.done && row.executorId !== null ? row.executorId : null;
    if (open && open.assigneeId !== wanted) {
      if (row.done) {
        await ex
          .update(tasks)
          .set({
            state: 'done',
            doneAt: new Date(),
            doneBy: actorId,
            version: sql`${tasks.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(tasks.id, open.id));
      } else {
        await ex.delete(tasks).where(eq(tasks.id, open.id));
      }
    }
    if (wanted !== null && (!open || open.assigneeId !== wanted)) {
      const source = (await describe(ex, [row]))(row);
      await createTask(ex, {
        portalId: row.portalId,
        kind: 'action',
        sourceType: row.sourceType,
        sourceId: row.sourceId,
        actionId: row.id,
        assigneeId: wanted,
        responsibleId: row.responsibleId,
        title: row.designation,
        linkPath: source.link,
        dueDate: row.dueDate,
      });
    } else if (
      open &&
      wanted !== null &&
      (open.title !== row.designation ||
        open.dueDate !== row.dueDate ||
        open.responsibleId !== row.responsibleId)
    ) {
      await ex
        .update(tasks)
        .set({
          title: row.designation,
          dueDate: row.dueDate,
          responsibleId: row.responsibleId,
          version: sql`${tasks.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(tasks.id, open.id));
    }
  }

  async function markActionDone(ex: Executor, row: ActionRecord, actorId: number) {
    await ex
      .update(actions)
      .set({
        done: true,
        doneAt: new Date(),
        doneBy: actorId,
        version: sql`${actions.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(actions.id, row.id));
    await recordChange(ex, {
      entity: 'action',
      entityId: row.id,
      state: LOG_STATE.CHANGED,
      actorId,
      changes: { done: { from: false, to: true } },
    });
  }

  // ── task flow core (shared by the task and the action endpoints) ─────────────────────────────────

  /** One state transition of a task: the new state with its fields, a new version and the change-log row. */
  async function moveTask(
    ex: Executor,
    task: TaskRecord,
    to: TaskRecord['state'],
    fields: Partial<typeof tasks.$inferInsert>,
    actorId: number,
    extraChanges: Record<string, { from: unknown; to: unknown }> = {},
  ) {
    await ex
      .update(tasks)
      .set({ ...fields, state: to, version: sql`${tasks.version} + 1`, updatedAt: new Date() })
      .where(eq(tasks.id, task.id));
    await recordChange(ex, {
      entity: 'task',
      entityId: task.id,
      state: LOG_STATE.CHANGED,
      actorId,
      changes: { state: { from: task.state, to }, ...extraChanges },
    });
  }

  async function reportProblemIn(tx: Executor, actor: Actor, task: TaskRecord, reason: string) {
    if (task.assigneeId !== actor.employeeId) throw new AppError('ACTION_EXECUTOR_NOT_AUTHENTICATED');
    if (task.state !== 'open') throw new AppError('TASK_NOT_OPEN');
    const text = reason.trim();
    if (text === '') throw new AppError('ACTION_PROBLEM_REASON_EMPTY');
    const [responsible] =
      task.responsibleId === null
        ? []
        : await tx
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
            .where(eq(employees.id, task.responsibleId));
    const to = responsible?.email?.trim() ?? '';
    if (!responsible?.active || !emailCheck.safeParse(to).success)
      throw new AppError('ACTION_RESPONSIBLE_NO_EMAIL');
    await moveTask(
      tx,
      task,
      'problem',
      {
        problemReason: text,
        problemReportedAt: new Date(),
        problemReportedBy: actor.employeeId,
        problemResolvedAt: null,
        problemResolvedBy: null,
      },
      actor.employeeId,
      { problemReason: { from: null, to: text } },
    );
    const reporter = (await persons(tx, [actor.employeeId])).get(actor.employeeId);
    const system = await settings.read(systemSettings, tx);
    const rendered = await renderTemplateMail(tx, {
      purpose: 'actionProblem',
      language: responsible.language || 'de',
      country: responsible.country,
      values: {
        firstName: responsible.firstName,
        lastName: responsible.lastName,
        contactPerson: reporter ? `${reporter.firstName} ${reporter.lastName}` : '',
        topic: task.title,
        reason: text,
        url: `${system.applicationUrl.replace(/\/$/, '')}/tasks`,
        company: system.companyName,
      },
    });
    await enqueueMail(tx, {
      to,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      purpose: 'actionProblem',
      relatedEmployeeId: responsible.id,
      ...(rendered.sender ? { from: rendered.sender } : {}),
    });
  }

  async function resolveProblemIn(tx: Executor, actor: Actor, task: TaskRecord) {
    if (task.responsibleId !== actor.employeeId) throw new AppError('ACTION_NOT_RESPONSIBLE');
    if (task.state !== 'problem') throw new AppError('ACTION_NO_OPEN_PROBLEM');
    await moveTask(
      tx,
      task,
      'open',
      { problemResolvedAt: new Date(), problemResolvedBy: actor.employeeId },
      actor.employeeId,
    );
  }

  async function lockTask(tx: Executor, id: number, version?: number): Promise<TaskRecord> {
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
    if (!task) throw new AppError('TASK_NOT_FOUND');
    if (task.kind === 'action' && (task.actionId === null || !(await findAction(tx, task.actionId, true))))
      throw new AppError('ACTION_NOT_FOUND');
    if (version !== undefined && task.version !== version) throw new AppError('CONFLICT');
    return task;
  }

  /** An action's problem can be handled on the action: checks the spec's report errors in order. */
  async function actionForReport(tx: Executor, actor: Actor, actionId: number): Promise<TaskRecord> {
    const action = await findAction(tx, actionId, true);
    if (!action) throw new AppError('ACTION_NOT_FOUND');
    if (action.externalExecutor !== null) {
      if (action.externalExecutor.trim() === '') throw new AppError('ACTION_EXTERNAL_EXECUTOR_NO_NAME');
      // An external executor cannot sign in, so no signed-in user is this action's executor.
      throw new AppError('ACTION_EXECUTOR_NOT_AUTHENTICATED');
    }
    if (action.executorId !== actor.employeeId) throw new AppError('ACTION_EXECUTOR_NOT_AUTHENTICATED');
    const task = await openActionTask(tx, action.id, true);
    if (!task) throw new AppError('TASK_NOT_OPEN');
    return task;
  }

  return {
    sources,

    async list(actor: Actor, raw: ActionListQuery | Record<string, unknown>): Promise<ListResult<ActionRow>> {
      const query = actionListQuerySchema.parse(raw);
      const filters: (SQL | undefined)[] = [];
      if (
        query.sourceType !== undefined &&
        query.sourceId !== undefined &&
        query.sourceType !== GENERAL_SOURCE
      ) {
        // One source record's actions: the source decides (deny by default for unknown types).
        const source = sources.get(query.sourceType);
        if (!source || !(await source.canRead(actor, db, query.sourceId)))
          throw new AppError('NO_PERMISSION');
        filters.push(eq(actions.portalId, actor.portalId));
      } else {
        filters.push(await readScope(db, actor));
      }
      if (query.sourceType !== undefined) filters.push(eq(actions.sourceType, query.sourceType));
      if (query.sourceId !== undefined) filters.push(eq(actions.sourceId, query.sourceId));
      if (query.type !== undefined) filters.push(eq(actions.type, query.type));
      if (query.state === 'open') filters.push(eq(actions.done, false));
      if (query.state === 'done') filters.push(eq(actions.done, true));
      if (query.state === 'overdue')
        filters.push(and(eq(actions.done, false), sql`${actions.dueDate} < current_date`));
      const plan = planList(actionSource, query, filters);
      const result = await runList(plan, {
        rows: (p) =>
          db
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
        count: async (where) => {
          const [row] = await db.select({ n: countAll }).from(actions).where(where);
          return row?.n ?? 0;
        },
      });
      const label = await describe(db, result.rows);
      return {
        filteredCount: result.filteredCount,
        rows: result.rows.map((r) => {
          const d = label(r);
          return {
            ...r,
            type: r.type as ActionType | null,
            responsibleName: r.responsibleName ?? '',
            executorName: r.executorName ?? '',
            sourceLabel: d.label,
            sourceLink: d.link,
          };
        }),
      };
    },

    async get(actor: Actor, id: number): Promise<Action> {
      const row = await findAction(db, id);
      if (!row) throw new AppError('ACTION_NOT_FOUND');
      if (!(await canRead(db, actor, row))) throw new AppError('NO_PERMISSION');
      return present(db, actor, row);
    },

    async create(actor: Actor, raw: CreateAction): Promise<Action> {
      const input = createActionSchema.parse(raw);
      const source = sources.get(input.sourceType);
      if (!source) throw new AppError('ACTION_SOURCE_UNKNOWN');
      return db.transaction(async (tx) => {
        const portalId = (await source.portalOf?.(tx, input.sourceId)) ?? actor.portalId;
        if (portalId !== actor.portalId) throw new AppError('NO_PERMISSION');
        let locationId = input.locationId;
        if (input.sourceType !== GENERAL_SOURCE && source.locationOf)
          locationId = await source.locationOf(tx, input.sourceId);
        if (input.sourceType === GENERAL_SOURCE && locationId === null)
          throw new AppError('INPUT_VALIDATION_ERROR', {
            details: [{ path: ['body', 'locationId'], message: 'Bitte wählen Sie einen Ort.' }],
          });
        const fields = { ...input, locationId };
        const target = { ...input, locationId };
        if (!(await canWrite(tx, actor, target, [P.ACTIONS_CREATE]))) throw new AppError('NO_PERMISSION');
        await checkReferences(tx, portalId, fields);
        const [row] = await tx
          .insert(actions)
          .values({
            portalId,
            sourceType: input.sourceType,
            sourceId: input.sourceId,
            ...columns(fields),
            done: input.done,
            doneAt: input.done ? new Date() : null,
            doneBy: input.done ? actor.employeeId : null,
          })
          .returning();
        await replacePeople(tx, row!.id, fields);
        await syncActionTask(tx, row!, actor.employeeId);
        await recordChange(tx, {
          entity: 'action',
          entityId: row!.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: diffFields(
            {} as Record<string, unknown>,
            { ...columns(fields), done: input.done },
            FIELDS,
          ),
        });
        return present(tx, actor, row!);
      });
    },

    /**
     * Saves an action. Changing the done flag needs ACTIONS_COMPLETE or _EDIT, any other field _EDIT;
     * both within the action's scope. Stale version → CONFLICT. Keeps the executor's task in sync.
     */
    async update(actor: Actor, id: number, raw: UpdateAction): Promise<Action> {
      const input = updateActionSchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await findAction(tx, id, true);
        if (!before) throw new AppError('ACTION_NOT_FOUND');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        const source = sources.get(before.sourceType);
        let locationId = input.locationId;
        if (before.sourceType !== GENERAL_SOURCE && source?.locationOf)
          locationId = await source.locationOf(tx, before.sourceId);
        if (before.sourceType === GENERAL_SOURCE && locationId === null)
          throw new AppError('INPUT_VALIDATION_ERROR', {
            details: [{ path: ['body', 'locationId'], message: 'Bitte wählen Sie einen Ort.' }],
          });
        const fields = { ...input, locationId, sourceType: before.sourceType, sourceId: before.sourceId };
        const beforePeople = await peopleOf(tx, id);
        const beforeValues = { ...before, ...beforePeople } as unknown as Record<string, unknown>;
        const afterValues = {
          ...columns(fields),
          done: input.done,
          participantIds: fields.participantIds,
          observerIds: fields.observerIds,
          affectedIds: fields.affectedIds,
        };
        const changes = diffFields(beforeValues, afterValues, FIELDS);
        const doneChanged = 'done' in changes;
        const otherChanged = Object.keys(changes).some((k) => k !== 'done');
        if (otherChanged && !(await canWrite(tx, actor, before, [P.ACTIONS_EDIT])))
          throw new AppError('NO_PERMISSION');
        if (otherChanged && !(await canWrite(tx, actor, { ...before, ...columns(fields) }, [P.ACTIONS_EDIT])))
          throw new AppError('NO_PERMISSION');
        if (doneChanged && !(await canWrite(tx, actor, before, [P.ACTIONS_EDIT, P.ACTIONS_COMPLETE])))
          throw new AppError('NO_PERMISSION');
        if (otherChanged) await checkReferences(tx, before.portalId, fields);
        const [row] = await tx
          .update(actions)
          .set({
            ...columns(fields),
            done: input.done,
            ...(doneChanged
              ? { doneAt: input.done ? new Date() : null, doneBy: input.done ? actor.employeeId : null }
              : {}),
            version: sql`${actions.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(actions.id, id), eq(actions.version, input.version)))
          .returning();
        if (!row) throw new AppError('CONFLICT');
        await replacePeople(tx, id, fields);
        await syncActionTask(tx, row, actor.employeeId);
        if (Object.keys(changes).length > 0)
          await recordChange(tx, {
            entity: 'action',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes,
          });
        return present(tx, actor, row);
      });
    },

    /** Deletes an action (its tasks go with it). */
    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await findAction(tx, id, true);
        if (!before) throw new AppError('ACTION_NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (!(await canWrite(tx, actor, before, [P.ACTIONS_DELETE]))) throw new AppError('NO_PERMISSION');
        await tx.delete(actions).where(eq(actions.id, id));
        await recordChange(tx, {
          entity: 'action',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },

    // ── tasks ─────────────────────────────────────────────────────────────────────────────────────

    /**
     * The caller's tasks: 'open' = assigned and open; 'problem' = reported problems the caller reported
     * (assignee) or must solve (responsible); 'done' = assigned and done.
     */
    async myTasks(actor: Actor, raw: TaskListQueryInput): Promise<ListResult<TaskRow>> {
      const query = taskListQuerySchema.parse(raw);
      const me = actor.employeeId;
      const filter =
        query.state === 'problem'
          ? and(eq(tasks.state, 'problem'), or(eq(tasks.assigneeId, me), eq(tasks.responsibleId, me)))
          : and(eq(tasks.state, query.state), eq(tasks.assigneeId, me));
      const plan = planList(taskSource, query, [filter]);
      const assigneeName = sql<string>`(select e.last_name || ', ' || e.first_name from employees e where e.id = ${tasks.assigneeId})`;
      const taskResponsibleName = sql<
        string | null
      >`(select e.last_name || ', ' || e.first_name from employees e where e.id = ${tasks.responsibleId})`;
      const result = await runList(plan, {
        rows: (p) =>
          db
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
        count: async (where) => {
          const [row] = await db.select({ n: countAll }).from(tasks).where(where);
          return row?.n ?? 0;
        },
      });
      return {
        filteredCount: result.filteredCount,
        rows: result.rows.map((r) => ({
          ...r,
          kind: r.kind as TaskRow['kind'],
          state: r.state as TaskState,
          assigneeName: r.assigneeName ?? '',
          problemReportedAt: dateIso(r.problemReportedAt),
          doneAt: dateIso(r.doneAt),
          mine: r.assigneeId === me,
          responsibleIsMe: r.responsibleId === me,
        })),
      };
    },

    /** The assignee completes an action task: the action is marked done and the task closed. */
    async completeTask(actor: Actor, taskId: number, version: number, comment: string): Promise<void> {
      await db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId, version);
        if (task.assigneeId !== actor.employeeId) throw new AppError('ACTION_EXECUTOR_NOT_AUTHENTICATED');
        if (task.state !== 'open') throw new AppError('TASK_NOT_OPEN');
        if (task.kind !== 'action')
          throw new AppError('INVALID_REQUEST', {
            message: 'Diese Aufgabe wird in ihrem Modul erledigt. Bitte öffnen Sie sie dort.',
          });
        const action = (await findAction(tx, task.actionId!))!;
        await moveTask(
          tx,
          task,
          'done',
          { doneAt: new Date(), doneBy: actor.employeeId, comment: comment.trim() || null },
          actor.employeeId,
        );
        if (!action.done) await markActionDone(tx, action, actor.employeeId);
      });
    },

    async reportTaskProblem(actor: Actor, taskId: number, version: number, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId);
        if (task.kind === 'action') await actionForReport(tx, actor, task.actionId!);
        if (task.version !== version) throw new AppError('CONFLICT');
        await reportProblemIn(tx, actor, task, reason);
      });
    },

    async resolveTaskProblem(actor: Actor, taskId: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const task = await lockTask(tx, taskId, version);
        await resolveProblemIn(tx, actor, task);
      });
    },

    /** Reports a problem on an action (its executor's open task); spec §8 "Action reports". */
    async reportActionProblem(actor: Actor, actionId: number, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const task = await actionForReport(tx, actor, actionId);
        await reportProblemIn(tx, actor, task, reason);
      });
    },

    /** The responsible person marks an action's reported problem resolved (the task returns to the executor). */
    async resolveActionProblem(actor: Actor, actionId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const action = await findAction(tx, actionId, true);
        if (!action) throw new AppError('ACTION_NOT_FOUND');
        if (action.responsibleId !== actor.employeeId) throw new AppError('ACTION_NOT_RESPONSIBLE');
        const task = await openActionTask(tx, actionId, true);
        if (!task) throw new AppError('ACTION_NO_OPEN_PROBLEM');
        await resolveProblemIn(tx, actor, task);
      });
    },

    /** Number of actions of a source record (for deletion guards of source modules). */
    async countOfSource(ex: Executor, sourceType: string, sourceId: number): Promise<number> {
      const [row] = await ex
        .select({ n: countAll })
        .from(actions)
        .where(and(eq(actions.sourceType, sourceType), eq(actions.sourceId, sourceId)));
      return row?.n ?? 0;
    },

    /**
     * Open and done actions of some records of one source, by source id (e.g. the hazards of an assessment:
     * how many actions a removal would delete, and whether done ones refuse it).
     */
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

    /** Designation and description of every action of one source record (e.g. which measures a hazard has). */
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

    /**
     * Creates actions of one source record on behalf of its module, inside the module's transaction (e.g. the
     * proposed measures of a hazard brick on a new hazard, decision 021). The calling module has checked its
     * own rights; no ACTIONS_* right is asked. Portal and location come from the registered source; the
     * input is validated like a created action (German messages); the executor's task follows as usual.
     */
    async createForSource(
      ex: Executor,
      actorId: number,
      target: { sourceType: string; sourceId: number },
      items: readonly {
        designation: string;
        description?: string;
        type?: ActionType | null;
        responsibleId: number;
        dueDate?: string | null;
      }[],
    ): Promise<number[]> {
      if (items.length === 0) return [];
      const source = sources.get(target.sourceType);
      if (!source) throw new AppError('ACTION_SOURCE_UNKNOWN');
      const portalId = await source.portalOf?.(ex, target.sourceId);
      if (portalId === null || portalId === undefined) throw new AppError('NOT_FOUND');
      const locationId = (await source.locationOf?.(ex, target.sourceId)) ?? null;
      const ids: number[] = [];
      for (const item of items) {
        const input = createActionSchema.parse({ ...item, ...target, locationId });
        const [row] = await ex
          .insert(actions)
          .values({ portalId, sourceType: target.sourceType, sourceId: target.sourceId, ...columns(input) })
          .returning();
        await syncActionTask(ex, row!, actorId);
        await recordChange(ex, {
          entity: 'action',
          entityId: row!.id,
          state: LOG_STATE.CREATED,
          actorId,
          changes: diffFields({} as Record<string, unknown>, { ...columns(input), done: false }, FIELDS),
        });
        ids.push(row!.id);
      }
      return ids;
    },

    /**
     * Deletes the actions of a source record that are not done, with their open tasks, inside the caller's
     * transaction (e.g. a removed hazard); each deletion is logged. Done actions stay: the caller refuses
     * the removal when there are any (they are documented evidence). Answers the number deleted.
     */
    async deleteOpenOfSource(
      ex: Executor,
      actorId: number,
      sourceType: string,
      sourceId: number,
    ): Promise<number> {
      await deleteOpenTasks(ex, { sourceType, sourceId, kinds: ['action'] });
      const rows = await ex
        .delete(actions)
        .where(
          and(eq(actions.sourceType, sourceType), eq(actions.sourceId, sourceId), eq(actions.done, false)),
        )
        .returning({ id: actions.id, designation: actions.designation });
      for (const row of rows) {
        await recordChange(ex, {
          entity: 'action',
          entityId: row.id,
          state: LOG_STATE.DELETED,
          actorId,
          changes: { designation: { from: row.designation, to: null } },
        });
      }
      return rows.length;
    },

    /** Deletes all actions (and their tasks) of a source record, inside the caller's transaction. */
    async deleteOfSource(ex: Executor, sourceType: string, sourceId: number): Promise<number> {
      const rows = await ex
        .delete(actions)
        .where(and(eq(actions.sourceType, sourceType), eq(actions.sourceId, sourceId)))
        .returning({ id: actions.id });
      return rows.length;
    },
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
