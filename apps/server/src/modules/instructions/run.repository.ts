import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employeeSupervisors, employees } from '#modules/employees/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { instructionAssignments, instructionQuestions, instructionTopics } from './instructions.table.ts';
import { instructionFeedback, instructionRuns } from './run.table.ts';

/**
 * Data access of the run-through, its feedback and certificate (decision 041). No rules; the executor first
 * (decision 031).
 */

export type RunRecord = typeof instructionRuns.$inferSelect;
export type RunInsert = typeof instructionRuns.$inferInsert;
export type RunQuestionRecord = typeof instructionQuestions.$inferSelect;
export type PersonRecord = {
  id: number;
  firstName: string;
  lastName: string;
  personnelNumber: string;
  email: string | null;
  language: string | null;
  country: string | null;
  active: boolean;
  isExternal: boolean;
};

const personColumns = {
  id: employees.id,
  firstName: employees.firstName,
  lastName: employees.lastName,
  personnelNumber: employees.personnelNumber,
  email: employees.email,
  language: employees.language,
  country: employees.country,
  active: employees.active,
  isExternal: employees.isExternal,
};

export const runRepository = {
  async findByAssignment(
    ex: Executor,
    assignmentId: number,
    lock?: 'update',
  ): Promise<RunRecord | undefined> {
    const q = ex.select().from(instructionRuns).where(eq(instructionRuns.assignmentId, assignmentId));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insert(ex: Executor, values: RunInsert): Promise<RunRecord> {
    const [row] = await ex.insert(instructionRuns).values(values).returning();
    if (!row) throw new Error('instruction run not inserted');
    return row;
  },

  /** Saves the run's progress (the row is locked by the caller); bumps the version. */
  async update(
    ex: Executor,
    id: number,
    values: Partial<
      Pick<
        RunRecord,
        | 'status'
        | 'attempt'
        | 'questionIds'
        | 'position'
        | 'answers'
        | 'score'
        | 'wrongDay'
        | 'wrongOnDay'
        | 'completedAt'
        | 'slide'
        | 'slidesDone'
      >
    >,
  ): Promise<RunRecord> {
    const [row] = await ex
      .update(instructionRuns)
      .set({ ...values, version: sql`${instructionRuns.version} + 1`, updatedAt: new Date() })
      .where(eq(instructionRuns.id, id))
      .returning();
    if (!row) throw new Error('instruction run vanished');
    return row;
  },

  /** The topic's questions, in the order of the presentation (slide, else page), then by number. */
  async questionsOfTopic(ex: Executor, topicId: number): Promise<RunQuestionRecord[]> {
    return ex
      .select()
      .from(instructionQuestions)
      .where(eq(instructionQuestions.topicId, topicId))
      .orderBy(
        sql`coalesce(${instructionQuestions.slideFrom}, ${instructionQuestions.pageFrom}) asc nulls last`,
        asc(instructionQuestions.number),
      );
  },

  async question(ex: Executor, id: number): Promise<RunQuestionRecord | undefined> {
    const [row] = await ex.select().from(instructionQuestions).where(eq(instructionQuestions.id, id));
    return row;
  },

  /**
   * Sets the assignment's status (and validity) and bumps its version; the row is locked by the caller. E takes
   * its completion day `completedOn` (decision 077), any other status clears it.
   */
  async setAssignmentStatus(
    ex: Executor,
    id: number,
    status: 'A' | 'E',
    validUntil?: string | null,
    completedOn?: string,
  ): Promise<void> {
    if (status === 'E' && !completedOn) throw new Error('a done item needs its completion day');
    await ex
      .update(instructionAssignments)
      .set({
        status,
        ...(validUntil === undefined ? {} : { validUntil }),
        completedOn: status === 'E' ? completedOn : null,
        version: sql`${instructionAssignments.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(instructionAssignments.id, id));
  },

  /** Whether the employee has an unfinished assignment of the topic other than `exceptId`. */
  async hasOtherUnfinished(ex: Executor, employeeId: number, topicId: number, exceptId: number) {
    const rows = await ex
      .select({ id: instructionAssignments.id })
      .from(instructionAssignments)
      .where(
        and(
          eq(instructionAssignments.employeeId, employeeId),
          eq(instructionAssignments.topicId, topicId),
          ne(instructionAssignments.status, 'E'),
          ne(instructionAssignments.id, exceptId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  async insertAssignment(ex: Executor, values: typeof instructionAssignments.$inferInsert): Promise<number> {
    const [row] = await ex
      .insert(instructionAssignments)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: instructionAssignments.id });
    return row?.id ?? 0;
  },

  async person(ex: Executor, id: number): Promise<PersonRecord | undefined> {
    const [row] = await ex.select(personColumns).from(employees).where(eq(employees.id, id));
    return row;
  },

  /** The employee's supervisors (employee_supervisors), active ones only. */
  async supervisors(ex: Executor, employeeId: number): Promise<PersonRecord[]> {
    const ids = await ex
      .select({ id: employeeSupervisors.supervisorId })
      .from(employeeSupervisors)
      .where(eq(employeeSupervisors.employeeId, employeeId));
    if (ids.length === 0) return [];
    return ex
      .select(personColumns)
      .from(employees)
      .where(
        and(
          inArray(
            employees.id,
            ids.map((r) => r.id),
          ),
          eq(employees.active, true),
        ),
      )
      .orderBy(asc(employees.lastNameSort), asc(employees.firstNameSort));
  },

  async insertFeedback(ex: Executor, values: typeof instructionFeedback.$inferInsert): Promise<number> {
    const [row] = await ex
      .insert(instructionFeedback)
      .values(values)
      .returning({ id: instructionFeedback.id });
    return row?.id ?? 0;
  },

  async setFeedbackCode(ex: Executor, id: number, mailCode: string): Promise<void> {
    await ex.update(instructionFeedback).set({ mailCode }).where(eq(instructionFeedback.id, id));
  },

  /** The topic label and identifier for texts. */
  async topicNames(ex: Executor, topicId: number) {
    const [row] = await ex
      .select({ identifier: instructionTopics.identifier, label: instructionTopics.label })
      .from(instructionTopics)
      .where(eq(instructionTopics.id, topicId));
    return row;
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type RunRepository = typeof runRepository;
