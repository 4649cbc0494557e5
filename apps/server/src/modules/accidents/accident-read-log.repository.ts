import type { AccidentReadRow } from '@schutzwerk/shared/accidents/read-log.schema.ts';
import { LOG_STATE } from '@schutzwerk/shared/constants.ts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ListPlan, type ListSource, planList, runList } from '#platform/list.ts';
import { countOf } from '#platform/list-count.ts';
import { changeLog } from '#platform/platform.table.ts';
import { ACCIDENT_ENTITY } from './accidents.repository.ts';

/** The read log's list source over the change log (decision 062); executor first, no rules. */

const reader = alias(employees, 'reader');
const readerName = sql<string | null>`${reader.lastName} || ', ' || ${reader.firstName}`;
const healthVisible = sql<boolean>`coalesce((${changeLog.changes} -> 'healthVisible' ->> 'to')::boolean, false)`;

const readLogSource: ListSource = {
  orderBy: {
    at: changeLog.at,
    readerName: [sql`lower(coalesce(${readerName}, ''))`, changeLog.at],
  },
  defaultOrderBy: 'at',
  tieBreaker: changeLog.id,
  searchText: sql`lower(coalesce(${readerName}, '') || ' ' || coalesce(${reader.personnelNumber}, ''))`,
};

/** The reads of one report (state READ), optionally only those that showed (or hid) the health data. */
export async function listReads(
  ex: Executor,
  reportId: number,
  healthShown: boolean | undefined,
  query: Parameters<typeof planList>[1],
) {
  const where: SQL[] = [
    and(
      eq(changeLog.entity, ACCIDENT_ENTITY),
      eq(changeLog.entityId, String(reportId)),
      eq(changeLog.state, LOG_STATE.READ),
    ) as SQL,
  ];
  if (healthShown !== undefined) where.push(sql`${healthVisible} = ${healthShown}`);
  const plan = planList(readLogSource, query, where);
  return runList<AccidentReadRow>(plan, {
    rows: async (pl: ListPlan) => {
      const rows = await ex
        .select({
          id: changeLog.id,
          at: changeLog.at,
          last: reader.lastName,
          first: reader.firstName,
          personnelNumber: reader.personnelNumber,
          healthVisible,
        })
        .from(changeLog)
        .leftJoin(reader, eq(reader.id, changeLog.actorId))
        .where(pl.where)
        .orderBy(...pl.orderBy)
        .limit(pl.limit)
        .offset(pl.offset);
      return rows.map((r) => ({
        id: Number(r.id),
        at: r.at.toISOString(),
        readerName: r.last === null ? null : `${r.last}, ${r.first}`,
        personnelNumber: r.personnelNumber,
        healthVisible: r.healthVisible === true,
      }));
    },
    count: (w) =>
      countOf(ex, (fields) =>
        ex.select(fields).from(changeLog).leftJoin(reader, eq(reader.id, changeLog.actorId)).where(w),
      ),
  });
}
