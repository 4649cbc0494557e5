import {
  type AccidentReadLogQuery,
  accidentReadLogQuerySchema,
} from '@schutzwerk/shared/accidents/read-log.schema.ts';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { listReads } from './accident-read-log.repository.ts';
import type { AccidentsService } from './accidents.service.ts';

/**
 * The read log of an accident report (decision 062): the change-log rows with state READ that every read of a
 * report writes (decision 047), as a list source — who read the report when, and whether with health data.
 */
export function createAccidentReadLog({
  db,
  service,
}: {
  db: Db;
  service: Pick<AccidentsService, 'assertVisible'>;
}) {
  return {
    /**
     * The reads of one report (route: LOG_VIEWER). The report must be one the caller may see (the same 404 for
     * missing and not yours); reading the log is not itself logged as a read of the report.
     */
    async list(actor: Actor, id: number, raw: AccidentReadLogQuery) {
      const query = accidentReadLogQuerySchema.parse(raw);
      await service.assertVisible(actor, id);
      return listReads(db, id, query.healthVisible, query);
    },
  };
}

export type AccidentReadLog = ReturnType<typeof createAccidentReadLog>;
