import type {
  AssignmentListQuery,
  AssignmentRow,
  MyAssignmentRow,
  MyAssignmentsQuery,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import {
  assignmentListQuerySchema,
  myAssignmentsQuerySchema,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { countAll, type ListSource, planList, runList } from '#platform/list.ts';
import { countOf } from '#platform/list-count.ts';
import { changeLog } from '#platform/platform.table.ts';
import { instructionGroupFeedbackItems } from './group-feedback.table.ts';
import { instructionAssignments, instructionTopics } from './instructions.table.ts';
import { instructionRuns } from './run.table.ts';

/** Data access of the instruction assignments (decision 036); the executor first (decision 031), no rules. */

export type AssignmentRecord = typeof instructionAssignments.$inferSelect;
export type AssignmentInsert = typeof instructionAssignments.$inferInsert;

const employeeName = sql<string>`${employees.lastName} || ', ' || ${employees.firstName}`;

export const assignmentListSource: ListSource = {
  orderBy: {
    dueDate: instructionAssignments.dueDate,
    employee: sql`${employees.lastNameSort} || ' ' || ${employees.firstNameSort}`,
    topic: sql`lower(${instructionTopics.identifier})`,
    status: instructionAssignments.status,
  },
  defaultOrderBy: 'dueDate',
  tieBreaker: instructionAssignments.id,
  searchText: sql`${employees.lastName} || ' ' || ${employees.firstName} || ' ' || ${employees.personnelNumber} || ' ' || ${instructionTopics.identifier} || ' ' || ${instructionTopics.label}`,
};

const myListSource: ListSource = {
  orderBy: {
    dueDate: instructionAssignments.dueDate,
    topic: sql`lower(${instructionTopics.label})`,
    status: instructionAssignments.status,
  },
  defaultOrderBy: 'dueDate',
  tieBreaker: instructionAssignments.id,
  searchText: sql`${instructionTopics.identifier} || ' ' || ${instructionTopics.label}`,
};

export const assignmentsRepository = {
  /** The ids among `ids` of employees whose home portal is `portalId`. */
  async employeesOfPortal(ex: Executor, ids: readonly number[], portalId: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .select({ id: employees.id })
      .from(employees)
      .where(and(inArray(employees.id, [...ids]), eq(employees.portalId, portalId)));
    return rows.map((r) => r.id);
  },

  /** The employees among `ids` who already have an unfinished assignment of the topic. */
  async withUnfinished(ex: Executor, topicId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .selectDistinct({ id: instructionAssignments.employeeId })
      .from(instructionAssignments)
      .where(
        and(
          eq(instructionAssignments.topicId, topicId),
          inArray(instructionAssignments.employeeId, [...ids]),
          ne(instructionAssignments.status, 'E'),
        ),
      );
    return rows.map((r) => r.id);
  },

  async insertMany(ex: Executor, rows: AssignmentInsert[]): Promise<AssignmentRecord[]> {
    if (rows.length === 0) return [];
    // An item made at the same moment by another writer (a profile run, a second app instance) wins: the
    // unique index on unfinished items (decision 045) turns the second insert into nothing.
    return ex.insert(instructionAssignments).values(rows).onConflictDoNothing().returning();
  },

  async find(ex: Executor, id: number, lock?: 'update'): Promise<AssignmentRecord | undefined> {
    const q = ex.select().from(instructionAssignments).where(eq(instructionAssignments.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /**
   * Sets the status when `version` matches; false otherwise. E is completed on `today` (decision 077), any other
   * status clears the completion day.
   */
  async setStatusVersioned(
    ex: Executor,
    id: number,
    version: number,
    status: AssignmentRecord['status'],
    today: string,
  ): Promise<boolean> {
    const rows = await ex
      .update(instructionAssignments)
      .set({
        status,
        completedOn: status === 'E' ? today : null,
        version: sql`${instructionAssignments.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(instructionAssignments.id, id), eq(instructionAssignments.version, version)))
      .returning({ id: instructionAssignments.id });
    return rows.length === 1;
  },

  async deleteVersioned(ex: Executor, id: number, version: number): Promise<boolean> {
    const rows = await ex
      .delete(instructionAssignments)
      .where(and(eq(instructionAssignments.id, id), eq(instructionAssignments.version, version)))
      .returning({ id: instructionAssignments.id });
    return rows.length === 1;
  },

  async countOfTopic(ex: Executor, topicId: number): Promise<number> {
    const [row] = await ex
      .select({ n: countAll })
      .from(instructionAssignments)
      .where(eq(instructionAssignments.topicId, topicId));
    return row?.n ?? 0;
  },

  async countDoneOfEmployee(ex: Executor, employeeId: number): Promise<number> {
    const [row] = await ex
      .select({ n: countAll })
      .from(instructionAssignments)
      .where(and(eq(instructionAssignments.employeeId, employeeId), eq(instructionAssignments.status, 'E')));
    return row?.n ?? 0;
  },

  /**
   * Test and later slices: set the status (the run-through marks an assignment done). E is completed on
   * `completedOn`, else today in Europe/Berlin; any other status clears the completion day (decision 077).
   */
  async setStatus(
    ex: Executor,
    id: number,
    status: AssignmentRecord['status'],
    completedOn?: string,
  ): Promise<void> {
    await ex
      .update(instructionAssignments)
      .set({
        status,
        completedOn: status === 'E' ? (completedOn ?? sql`(now() at time zone 'Europe/Berlin')::date`) : null,
        version: sql`${instructionAssignments.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(instructionAssignments.id, id));
  },

  async list(ex: Executor, portalId: number, input: AssignmentListQuery) {
    const query = assignmentListQuerySchema.parse(input);
    const filters: (SQL | undefined)[] = [eq(instructionAssignments.portalId, portalId)];
    if (query.topicId !== undefined) filters.push(eq(instructionAssignments.topicId, query.topicId));
    if (query.employeeId !== undefined) filters.push(eq(instructionAssignments.employeeId, query.employeeId));
    if (query.status !== undefined) filters.push(eq(instructionAssignments.status, query.status));
    const plan = planList(assignmentListSource, query, filters);
    return runList<AssignmentRow>(plan, {
      rows: async (p) =>
        (await ex
          .select({
            id: instructionAssignments.id,
            employeeId: instructionAssignments.employeeId,
            employeeName,
            personnelNumber: employees.personnelNumber,
            topicId: instructionAssignments.topicId,
            topicIdentifier: instructionTopics.identifier,
            topicLabel: instructionTopics.label,
            type: instructionAssignments.type,
            status: instructionAssignments.status,
            dueDate: instructionAssignments.dueDate,
            originalDueDate: instructionAssignments.originalDueDate,
            validUntil: instructionAssignments.validUntil,
            oneTime: instructionAssignments.oneTime,
            version: instructionAssignments.version,
          })
          .from(instructionAssignments)
          .innerJoin(employees, eq(employees.id, instructionAssignments.employeeId))
          .innerJoin(instructionTopics, eq(instructionTopics.id, instructionAssignments.topicId))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset)) as AssignmentRow[],
      count: (where) =>
        countOf(ex, (fields) =>
          ex
            .select(fields)
            .from(instructionAssignments)
            .innerJoin(employees, eq(employees.id, instructionAssignments.employeeId))
            .innerJoin(instructionTopics, eq(instructionTopics.id, instructionAssignments.topicId))
            .where(where),
        ),
    });
  },

  /**
   * The employee's own items ("Meine Unterweisungen"), by due date; `today` decides what is overdue,
   * `executableDays` from when an item can be started (decision 041).
   */
  async mine(
    ex: Executor,
    employeeId: number,
    input: MyAssignmentsQuery,
    today: string,
    days: { executable: number; display: number; showDone: number },
  ) {
    const query = myAssignmentsQuerySchema.parse(input);
    const a = instructionAssignments;
    // The portal's display settings (tab „Unterweisungen“): an unfinished item shows from `display` days before
    // it falls due (overdue ones always); a done one, with includeDone, for `showDone` days after it was
    // finished (its passed run's completion, else the day its status became E — the row's last change).
    const shown = sql`(${a.status} <> 'E' and ${a.dueDate} - ${days.display}::int <= ${today}::date)`;
    const doneAt = sql`coalesce((select max(r.completed_at) from ${instructionRuns} r
                                  where r.assignment_id = ${a.id} and r.status = 'passed'), ${a.updatedAt})`;
    const filters: (SQL | undefined)[] = [
      eq(a.employeeId, employeeId),
      query.includeDone
        ? sql`(${shown} or (${a.status} = 'E' and (${doneAt} at time zone 'Europe/Berlin')::date >= ${today}::date - ${days.showDone}::int))`
        : shown,
    ];
    const plan = planList(myListSource, query, filters);
    return runList<MyAssignmentRow>(plan, {
      rows: async (p) =>
        (await ex
          .select({
            id: instructionAssignments.id,
            type: instructionAssignments.type,
            topicIdentifier: instructionTopics.identifier,
            topicLabel: instructionTopics.label,
            minutes: instructionTopics.minutes,
            intervalDays: instructionTopics.intervalDays,
            status: instructionAssignments.status,
            dueDate: instructionAssignments.dueDate,
            validUntil: instructionAssignments.validUntil,
            overdue: sql<boolean>`(${instructionAssignments.status} <> 'E' and ${instructionAssignments.dueDate} < ${today}::date)`,
            executableFrom: sql<string>`(${instructionAssignments.dueDate} - ${days.executable}::int)::text`,
            // A passed run (decision 041) or a group feedback's confirmation (decision 079; found through the
            // items' unique index, which starts with employee and topic).
            certificate: sql<boolean>`(exists (select 1 from ${instructionRuns} r where r.assignment_id = ${instructionAssignments.id} and r.status = 'passed')
              or (${instructionAssignments.status} = 'E' and exists (select 1 from ${instructionGroupFeedbackItems} g where g.employee_id = ${instructionAssignments.employeeId} and g.topic_id = ${instructionAssignments.topicId} and g.assignment_id = ${instructionAssignments.id})))`,
            scorm: sql<boolean>`exists (select 1 from instruction_scorm_packages p where p.topic_id = ${instructionAssignments.topicId})`,
          })
          .from(instructionAssignments)
          .innerJoin(instructionTopics, eq(instructionTopics.id, instructionAssignments.topicId))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset)) as MyAssignmentRow[],
      count: (where) =>
        countOf(ex, (fields) =>
          ex
            .select(fields)
            .from(instructionAssignments)
            .innerJoin(instructionTopics, eq(instructionTopics.id, instructionAssignments.topicId))
            .where(where),
        ),
    });
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },

  /** Many change-log rows in one statement (an assignment to hundreds of employees). */
  async logChanges(ex: Executor, entries: readonly ChangeEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await ex.insert(changeLog).values(
      entries.map((e) => ({
        entity: e.entity,
        entityId: String(e.entityId),
        state: e.state,
        actorId: e.actorId,
        changes: e.changes ?? null,
      })),
    );
  },
};

export type AssignmentsRepository = typeof assignmentsRepository;
