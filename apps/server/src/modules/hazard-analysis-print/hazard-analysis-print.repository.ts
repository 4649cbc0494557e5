import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';

/** An action of a hazard as the print shows it: the names of its responsible person and executor. */
export type PrintActionRow = {
  source_id: number;
  designation: string;
  type: string | null;
  due_date: string | null;
  done: boolean;
  r_last: string | null;
  r_first: string | null;
  x_last: string | null;
  x_first: string | null;
  external_executor: string | null;
};

/**
 * The two reads of the print that the hazard analysis service does not answer: who created the assessment
 * (the change log) and the actions of its hazards. Read-only, executor first (decision 031); the formatting
 * is the service's.
 */
export const hazardAnalysisPrintRepository = {
  /** The first 'created' entry of the assessment in the change log, with the author's name. */
  async creation(
    ex: Executor,
    analysisId: number,
  ): Promise<{ last_name: string | null; first_name: string | null; at: Date | string } | undefined> {
    const [row] = await queryRows<{ last_name: string | null; first_name: string | null; at: Date | string }>(
      ex,
      sql`select e.last_name, e.first_name, c.at from change_log c
          left join employees e on e.id = c.actor_id
          where c.entity = 'hazard_analysis' and c.entity_id = ${String(analysisId)} and c.state = 1
          order by c.at, c.id limit 1`,
    );
    return row;
  },

  /** The actions of these hazards (actions table, source_type 'hazard'), by hazard and due date. */
  async actionsOfHazards(
    ex: Executor,
    portalId: number,
    hazardIds: readonly number[],
  ): Promise<PrintActionRow[]> {
    if (hazardIds.length === 0) return [];
    return queryRows<PrintActionRow>(
      ex,
      sql`select a.source_id, a.designation, a.type, a.due_date::text as due_date, a.done,
                 r.last_name as r_last, r.first_name as r_first, x.last_name as x_last, x.first_name as x_first,
                 a.external_executor
          from actions a
          left join employees r on r.id = a.responsible_id
          left join employees x on x.id = a.executor_id
          where a.portal_id = ${portalId} and a.source_type = 'hazard'
            and a.source_id = any(${`{${hazardIds.join(',')}}`}::integer[])
          order by a.source_id, a.due_date nulls last, a.id`,
    );
  },
};

export type HazardAnalysisPrintRepository = typeof hazardAnalysisPrintRepository;
