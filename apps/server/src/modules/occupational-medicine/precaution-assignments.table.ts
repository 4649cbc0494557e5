import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { instructionAssignments } from '#modules/instructions/tables.ts';
import { occupationalPrecautions } from './occupational-medicine.table.ts';

/**
 * Which instruction assignment (type `checkup`) stands for a due precaution (decision 064): one unfinished check-up
 * item per employee covers all of their due precautions; a precaution is linked while it is due, and unlinked once a
 * check-up moved its due date out of the lead time.
 */
export const precautionAssignments = pgTable(
  'precaution_assignments',
  {
    precautionId: integer('precaution_id')
      .primaryKey()
      .references(() => occupationalPrecautions.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => instructionAssignments.id, { onDelete: 'cascade' }),
  },
  (t) => [index('precaution_assignments_assignment').on(t.assignmentId)],
);
