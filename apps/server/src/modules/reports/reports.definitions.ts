import { reportsMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQuery } from '@schutzwerk/shared/list/list.schema.ts';
import { P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import {
  REPORT_EXPORT_KIND,
  type Report,
  type ReportInput,
  reportExportFileSchema,
  reportInputSchema,
} from '@schutzwerk/shared/reports/reports.schema.ts';
import type { Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { ReportsDeps } from './reports.deps.ts';
import type { ReportFilterValues, ReportValues } from './reports.repository.ts';
import { assertValidDefinition, fileSafeName, type ParsedReportInput, toReport } from './reports.rules.ts';

/** A definition with its filters; REPORT_NOT_FOUND when there is none. */
export async function loadReport(
  deps: Pick<ReportsDeps, 'repository'>,
  ex: Executor,
  id: number,
): Promise<Report> {
  const row = await deps.repository.findById(ex, id);
  if (!row) throw new AppError('REPORT_NOT_FOUND');
  return toReport(row, await deps.repository.filtersOf(ex, id));
}

function valuesOf(input: ParsedReportInput): ReportValues {
  return {
    name: input.reportname,
    controller: input.controller,
    sql: input.sql,
    timeoutSeconds: input.timeoutSeconds,
    formats: input.formats,
    rights: input.rights,
  };
}

function filtersOf(input: ParsedReportInput): ReportFilterValues[] {
  return input.filters.map((f) => ({
    field: f.field,
    filtername: f.filtername,
    filtercontent: f.filtercontent ?? '',
  }));
}

/**
 * Report definitions (decision 015): the report manager's list and CRUD (SQL written or changed only with
 * REPORTS_SQL), the print dialog's picker (only reports the actor may run) and the definition as a file.
 */
export function createReportDefinitions(deps: ReportsDeps) {
  const { db, repository } = deps;

  async function insert(ex: Executor, actor: Actor, input: ParsedReportInput): Promise<number> {
    const id = await repository.insert(ex, valuesOf(input), filtersOf(input));
    await repository.logChange(ex, {
      entity: 'report',
      entityId: id,
      state: LOG_STATE.CREATED,
      actorId: actor.employeeId,
    });
    return id;
  }

  return {
    list: (query: ListQuery) => repository.list(db, query),

    get: (id: number) => loadReport(deps, db, id),

    async create(actor: Actor, body: ReportInput) {
      const input = reportInputSchema.parse(body);
      if (!actorHasAny(actor, P.REPORTS_SQL))
        throw new AppError('NO_PERMISSION', {
          message: reportsMessages.sqlEditForbidden,
        });
      assertValidDefinition(input);
      return db.transaction(async (tx) => {
        if (await repository.nameTaken(tx, input.reportname)) throw new AppError('REPORT_NAME_EXISTS');
        return loadReport(deps, tx, await insert(tx, actor, input));
      });
    },

    async update(actor: Actor, id: number, body: ReportInput & { version: number }) {
      const input = reportInputSchema.parse(body);
      assertValidDefinition(input);
      return db.transaction(async (tx) => {
        const before = await loadReport(deps, tx, id);
        if (before.sql !== input.sql && !actorHasAny(actor, P.REPORTS_SQL)) {
          throw new AppError('NO_PERMISSION', {
            message: reportsMessages.sqlEditForbidden,
          });
        }
        if (await repository.nameTaken(tx, input.reportname, id)) throw new AppError('REPORT_NAME_EXISTS');
        const saved = await repository.updateVersioned(
          tx,
          id,
          body.version,
          valuesOf(input),
          filtersOf(input),
        );
        if (!saved) throw new AppError('CONFLICT');
        const after = await loadReport(deps, tx, id);
        const changes = diffFields(
          before as unknown as Record<string, unknown>,
          after as unknown as Record<string, unknown>,
          ['reportname', 'controller', 'sql', 'timeoutSeconds', 'formats', 'rights'],
        );
        await repository.logChange(tx, {
          entity: 'report',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        return after;
      });
    },

    async remove(actor: Actor, id: number, version: number) {
      await db.transaction(async (tx) => {
        await loadReport(deps, tx, id);
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: 'report',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
      });
    },

    /** Picker (spec shell §3.2 'reports'): only reports the actor may run, optionally of one controller. */
    picker(actor: Actor, query: ListQuery & { controller?: string | undefined }) {
      const runnableWith = actor.permissions.has(SUPERUSER_ID) ? ('any' as const) : [...actor.permissions];
      return repository.picker(db, query, { controller: query.controller, runnableWith });
    },

    /** The definition as a file (import/export). */
    async exportFile(id: number) {
      const report = await loadReport(deps, db, id);
      const { id: _id, version: _v, filters, ...rest } = report;
      return {
        fileName: `${fileSafeName(report.reportname)}.report.json`,
        content: JSON.stringify(
          {
            kind: REPORT_EXPORT_KIND,
            formatVersion: 1,
            report: { ...rest, filters: filters.map(({ id: _fid, ...f }) => f) },
          },
          null,
          2,
        ),
      };
    },

    async importFile(actor: Actor, content: string) {
      let json: unknown;
      try {
        json = JSON.parse(content);
      } catch {
        throw new AppError('REPORT_FILE_INVALID');
      }
      const parsed = reportExportFileSchema.safeParse(json);
      if (!parsed.success) {
        throw new AppError('REPORT_FILE_INVALID', {
          details: parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
        });
      }
      const input = reportInputSchema.parse(parsed.data.report);
      assertValidDefinition(input);
      return db.transaction(async (tx) => {
        if (await repository.nameTaken(tx, input.reportname)) {
          throw new AppError('REPORT_EXISTS', {
            message: reportsMessages.reportExists(input.reportname),
          });
        }
        return loadReport(deps, tx, await insert(tx, actor, input));
      });
    },
  };
}
