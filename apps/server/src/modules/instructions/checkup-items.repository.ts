import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { instructionAssignments, instructionTopics } from './instructions.table.ts';

/** The identifier of the topic that carries a portal's occupational-medical check-up items (decision 064). */
export const CHECKUP_TOPIC_IDENTIFIER = 'AMV';
const CHECKUP_TOPIC_LABEL = 'Arbeitsmedizinische Vorsorge';

const a = instructionAssignments;

/**
 * The port through which occupational medicine keeps the check-up items (assignment type `checkup`) of due
 * precautions (decision 064). The items are ordinary instruction assignments: they are booked (T) in the
 * appointments, reminded by the instruction reminders (decision 042) and listed with the employee's items.
 */
export const checkupItems = {
  /**
   * The portal's check-up topic (identifier AMV): found ignoring case, else created released with interval 0.
   * Concurrent callers meet in the unique identifier index.
   */
  async ensureTopic(ex: Executor, portalId: number): Promise<number> {
    const find = async () => {
      const [row] = await ex
        .select({ id: instructionTopics.id })
        .from(instructionTopics)
        .where(
          and(
            eq(instructionTopics.portalId, portalId),
            sql`lower(${instructionTopics.identifier}) = lower(${CHECKUP_TOPIC_IDENTIFIER})`,
          ),
        );
      return row?.id;
    };
    const found = await find();
    if (found !== undefined) return found;
    await ex
      .insert(instructionTopics)
      .values({
        portalId,
        label: CHECKUP_TOPIC_LABEL,
        identifier: CHECKUP_TOPIC_IDENTIFIER,
        intervalDays: 0,
        released: true,
      })
      .onConflictDoNothing();
    const id = await find();
    if (id === undefined) throw new Error('check-up topic missing after insert');
    return id;
  },

  /** Items by id with their status (a linked item may have been booked, completed or removed meanwhile). */
  async byIds(ex: Executor, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({ id: a.id, status: a.status, dueDate: a.dueDate, employeeId: a.employeeId })
      .from(a)
      .where(inArray(a.id, [...ids]));
  },

  /**
   * The employee's unfinished check-up item of the topic, created open if there is none (the unique index of
   * unfinished items makes a concurrent second insert a no-op that then finds the first).
   */
  async open(ex: Executor, p: { portalId: number; employeeId: number; topicId: number; dueDate: string }) {
    const existing = async () => {
      const [row] = await ex
        .select({ id: a.id, status: a.status, dueDate: a.dueDate })
        .from(a)
        .where(
          and(
            eq(a.employeeId, p.employeeId),
            eq(a.topicId, p.topicId),
            eq(a.type, 'checkup'),
            ne(a.status, 'E'),
          ),
        );
      return row;
    };
    const found = await existing();
    if (found) return found;
    await ex
      .insert(a)
      .values({ ...p, type: 'checkup', status: 'O', originalDueDate: p.dueDate, oneTime: true })
      .onConflictDoNothing();
    const row = await existing();
    if (!row) throw new Error('check-up item missing after insert');
    return row;
  },

  /** Moves an unfinished item's due date. */
  async setDue(ex: Executor, id: number, dueDate: string) {
    await ex
      .update(a)
      .set({ dueDate, version: sql`${a.version} + 1`, updatedAt: new Date() })
      .where(and(eq(a.id, id), ne(a.status, 'E'), ne(a.dueDate, dueDate)));
  },

  /** The recorded check-up completes the item (E), valid until the check-up's day, completed on that day. */
  async complete(ex: Executor, id: number, day: string) {
    await ex
      .update(a)
      .set({
        status: 'E',
        validUntil: day,
        completedOn: day,
        version: sql`${a.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(a.id, id), ne(a.status, 'E')));
  },

  /** Removes an item nobody has booked yet (its precautions are no longer due). */
  async removeOpen(ex: Executor, id: number) {
    await ex.delete(a).where(and(eq(a.id, id), eq(a.status, 'O')));
  },
};
