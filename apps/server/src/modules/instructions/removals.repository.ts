import {
  type RemovalListQuery,
  type RemovalRow,
  removalListQuerySchema,
} from '@schutzwerk/shared/instructions/removals.schema.ts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { countOf } from '#platform/list-count.ts';
import { instructionTopics } from './instructions.table.ts';
import { instructionRemovals } from './removals.table.ts';

/** Data access of the removed items with their classification (decision 080); the executor first, no rules. */

export type RemovalInsert = typeof instructionRemovals.$inferInsert;

const remover = alias(employees, 'remover');
const replacement = alias(instructionTopics, 'replacement');
const employeeName = sql<string>`${employees.lastName} || ', ' || ${employees.firstName}`;

const removalListSource: ListSource = {
  orderBy: {
    removedAt: instructionRemovals.removedAt,
    employee: sql`${employees.lastNameSort} || ' ' || ${employees.firstNameSort}`,
    topic: sql`lower(${instructionRemovals.topicIdentifier})`,
    dueDate: instructionRemovals.dueDate,
  },
  defaultOrderBy: 'removedAt',
  tieBreaker: instructionRemovals.id,
  searchText: sql`${employees.lastName} || ' ' || ${employees.firstName} || ' ' || ${employees.personnelNumber} || ' ' || ${instructionRemovals.topicIdentifier} || ' ' || ${instructionRemovals.topicLabel} || ' ' || ${instructionRemovals.reason}`,
};

export const removalsRepository = {
  async insert(ex: Executor, row: RemovalInsert): Promise<number> {
    const [inserted] = await ex
      .insert(instructionRemovals)
      .values(row)
      .returning({ id: instructionRemovals.id });
    if (!inserted) throw new Error('instruction removal not inserted');
    return inserted.id;
  },

  /** The removals of the portal, newest first by default; filters topic and employee. */
  async list(ex: Executor, portalId: number, input: RemovalListQuery) {
    const query = removalListQuerySchema.parse(input);
    const filters: (SQL | undefined)[] = [eq(instructionRemovals.portalId, portalId)];
    if (query.topicId !== undefined) filters.push(eq(instructionRemovals.topicId, query.topicId));
    if (query.employeeId !== undefined) filters.push(eq(instructionRemovals.employeeId, query.employeeId));
    const plan = planList(removalListSource, query, filters);
    return runList<RemovalRow>(plan, {
      rows: async (p) => {
        const rows = await ex
          .select({
            id: instructionRemovals.id,
            employeeId: instructionRemovals.employeeId,
            employeeName,
            personnelNumber: employees.personnelNumber,
            topicId: instructionRemovals.topicId,
            topicIdentifier: instructionRemovals.topicIdentifier,
            topicLabel: instructionRemovals.topicLabel,
            itemType: instructionRemovals.itemType,
            dueDate: instructionRemovals.dueDate,
            action: instructionRemovals.action,
            replacementId: replacement.id,
            replacementIdentifier: replacement.identifier,
            replacementLabel: replacement.label,
            reason: instructionRemovals.reason,
            removedBy: sql<string | null>`${remover.lastName} || ', ' || ${remover.firstName}`,
            removedAt: instructionRemovals.removedAt,
          })
          .from(instructionRemovals)
          .innerJoin(employees, eq(employees.id, instructionRemovals.employeeId))
          .leftJoin(replacement, eq(replacement.id, instructionRemovals.replacementTopicId))
          .leftJoin(remover, eq(remover.id, instructionRemovals.removedBy))
          .where(p.where)
          .orderBy(...p.orderBy)
          .limit(p.limit)
          .offset(p.offset);
        return rows.map(({ replacementId, replacementIdentifier, replacementLabel, ...row }) => ({
          ...row,
          itemType: row.itemType as RemovalRow['itemType'],
          action: row.action as RemovalRow['action'],
          replacementTopic:
            replacementId === null
              ? null
              : { id: replacementId, identifier: replacementIdentifier ?? '', label: replacementLabel ?? '' },
          removedAt: row.removedAt.toISOString(),
        }));
      },
      count: (where) =>
        countOf(ex, (fields) =>
          ex
            .select(fields)
            .from(instructionRemovals)
            .innerJoin(employees, eq(employees.id, instructionRemovals.employeeId))
            .where(where),
        ),
    });
  },
};
