import { reportsMessages } from '@schutzwerk/shared/errors.ts';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import { AppError } from '#platform/errors.ts';
import {
  dataRightsPrologue,
  NO_DATA_RIGHTS,
  RESTRICTED_EMPLOYEE_COLUMNS,
  type ReportDataRights,
  reportRoleFor,
  reportRoleVariants,
  setUpDataRights,
} from './report-data-rights.ts';
import { createReportIsolation, type IsolationClient } from './report-isolation.ts';
import { type CheckedSql, SECRET_COLUMNS, SECRET_TABLES } from './sql-guard.ts';

/** The database role reports run as: SELECT on the non-secret tables and columns only. */
export const REPORT_ROLE = 'schutzwerk_report';
/** At most this many rows, and this many bytes (JSON size of the rows), per report. */
export const REPORT_MAX_ROWS = 100_000;
export const REPORT_MAX_BYTES = 50 * 1024 * 1024;
export type ReportRows = { columns: string[]; rows: Record<string, unknown>[] };

export type ReportRunner = ReturnType<typeof createReportRunner>;

type QueryResult<T> = { rows: T[]; fields?: { name: string; dataTypeID?: number }[] };

/** int8 and numeric arrive as text from both drivers; reports want numbers (German display, typed XLSX cells). */
const NUMERIC_TYPES = new Set([20, 1700]);
function toNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n : value;
}
/** Both drivers answer `{ rows, fields }`; the shared Db type does not say so. */
async function run<T>(ex: { execute(query: SQL): Promise<unknown> }, query: SQL): Promise<QueryResult<T>> {
  return (await ex.execute(query)) as QueryResult<T>;
}

type DbError = { code?: string; message?: string; cause?: unknown };

function pgError(error: unknown): DbError | undefined {
  let e = error as DbError | undefined;
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e;
    e = e.cause as DbError | undefined;
  }
  return undefined;
}

/**
 * The statements every report transaction starts with, right after BEGIN — on PostgreSQL in the app's
 * transaction, on PGlite in the report worker's (decision 026). Everything a report's session needs goes
 * here and nowhere else, so both paths always run the same prologue.
 */
export function reportPrologue(options: {
  timeoutSeconds: number;
  useRole: boolean;
  /** The caller's data rights (decision 027): the role variant and the row-security settings. */
  rights: ReportDataRights;
}): SQL[] {
  return [
    sql.raw('set transaction read only'),
    sql.raw(`set local statement_timeout = ${Math.round(options.timeoutSeconds * 1000)}`),
    sql.raw('set local search_path = public'),
    ...(options.useRole
      ? [
          sql.raw(`set local role ${reportRoleFor(REPORT_ROLE, options.rights)}`),
          ...dataRightsPrologue(options.rights),
        ]
      : []),
  ];
}

/**
 * Runs checked report SQL: read-only transaction, statement_timeout from the definition, search_path
 * public, as the role `schutzwerk_report`, filters bound as parameters, row and byte caps. On PGlite the SQL
 * runs in a worker thread on a snapshot and is stopped at the timeout there (report-isolation.ts).
 */
export function createReportRunner(deps: {
  db: Db;
  kind: 'pglite' | 'postgres';
  log?: (message: string) => void;
  /** PGlite only: the report worker's settings (tests shorten them). */
  isolation?: { idleMs?: number; maxWaiting?: number };
}) {
  let roleReady: Promise<boolean> | undefined;
  const dialect = new PgDialect();
  const isolation =
    deps.kind === 'pglite'
      ? createReportIsolation({
          client: (deps.db as unknown as { $client: IsolationClient }).$client,
          ...deps.isolation,
        })
      : undefined;

  /** Creates the role if needed and grants SELECT on the allowed tables and columns (idempotent). */
  async function setUpRole(): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await deps.db.transaction(async (tx) => {
          await tx.execute(
            sql.raw(`do $$ begin
              if not exists (select from pg_roles where rolname = '${REPORT_ROLE}') then
                create role ${REPORT_ROLE} nologin;
              end if;
            end $$`),
          );
          await tx.execute(sql.raw(`revoke all on all tables in schema public from ${REPORT_ROLE}`));
          await tx.execute(sql.raw(`grant usage on schema public to ${REPORT_ROLE}`));
          const columns = await run<{ table_name: string; column_name: string }>(
            tx,
            sql`
            select c.table_name, c.column_name from information_schema.columns c
            join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
            order by c.table_name, c.ordinal_position`,
          );
          const byTable = new Map<string, string[]>();
          for (const { table_name, column_name } of columns.rows) {
            if (SECRET_TABLES.has(table_name) || table_name.startsWith('pg_')) continue;
            if (SECRET_COLUMNS.has(column_name)) continue;
            // Field groups of the employee record: only the role variants read them (decision 027).
            if (table_name === 'employees' && RESTRICTED_EMPLOYEE_COLUMNS.has(column_name)) continue;
            byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
          }
          for (const [table, cols] of byTable) {
            const list = cols.map((c) => `"${c.replaceAll('"', '""')}"`).join(', ');
            await tx.execute(
              sql.raw(`grant select (${list}) on "${table.replaceAll('"', '""')}" to ${REPORT_ROLE}`),
            );
          }
          const unclassified = await setUpDataRights(REPORT_ROLE, new Set(byTable.keys()), (statement) =>
            run(tx, sql.raw(statement)),
          );
          if (unclassified.length > 0) {
            deps.log?.(
              `Reports: Diese Tabellen gehören weder einem Portal noch sind sie als portalübergreifend eingetragen und bleiben für Reports gesperrt: ${unclassified.join(', ')}`,
            );
          }
        });
        // Proves that this connection may switch to the roles (a non-superuser app user may not).
        for (const role of [REPORT_ROLE, ...reportRoleVariants(REPORT_ROLE).map((v) => v.role)]) {
          await deps.db.transaction(async (tx) => {
            await tx.execute(sql.raw(`set local role ${role}`));
          });
        }
        return true;
      } catch (error) {
        const code = pgError(error)?.code;
        // Another process created the role or granted at the same moment: try again.
        if ((code === '23505' || code === '42710' || code === 'XX000' || code === '40001') && attempt < 2)
          continue;
        deps.log?.(
          `Reports: Die Datenbankrolle ${REPORT_ROLE} konnte nicht eingerichtet werden (${pgError(error)?.message ?? String(error)}); Reports laufen ohne eigene Rolle nur lesend.`,
        );
        return false;
      }
    }
    return false;
  }

  function ensureRole(): Promise<boolean> {
    roleReady ??= setUpRole();
    return roleReady;
  }

  function statement(checked: CheckedSql, values: ReadonlyMap<string, string | null>): SQL {
    const chunks: SQL[] = [];
    checked.pieces.forEach((piece, i) => {
      chunks.push(sql.raw(piece));
      const field = checked.placeholders[i];
      if (field !== undefined) chunks.push(sql`${values.get(field) ?? null}`);
    });
    return sql.join(chunks);
  }

  /**
   * Runs one report query after the prologue: on PostgreSQL in a transaction of the app's pool (the
   * server's statement_timeout cancels it), on PGlite in the report worker on a snapshot (decision 026),
   * where the worker is terminated at the timeout. Database errors become the report error codes.
   */
  async function execute<T>(
    query: SQL,
    timeoutSeconds: number,
    rights: ReportDataRights,
  ): Promise<QueryResult<T>> {
    const useRole = await ensureRole();
    // Without the role nothing would hold the caller's data rights: only a caller with all of them may run.
    if (!useRole && Object.values(rights).some((granted) => !granted)) {
      throw new AppError('REPORT_SQL_FORBIDDEN', {
        message: reportsMessages.noReportRole,
        details: { reason: 'NO_REPORT_ROLE' },
      });
    }
    const prologue = reportPrologue({ timeoutSeconds, useRole, rights });
    try {
      if (isolation) {
        const toQuery = (q: SQL) => {
          const { sql: text, params } = dialect.sqlToQuery(q);
          return { sql: text, params };
        };
        return (await isolation.run({
          prologue: prologue.map(toQuery),
          query: toQuery(query),
          timeoutMs: Math.round(timeoutSeconds * 1000),
          maxBytes: REPORT_MAX_BYTES,
        })) as QueryResult<T>;
      }
      return await deps.db.transaction(async (tx) => {
        for (const step of prologue) await tx.execute(step);
        return await run<T>(tx, query);
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      const e = pgError(error);
      if (e?.code === '57014') {
        throw new AppError('REPORT_TIMEOUT', { details: { timeoutSeconds }, cause: error });
      }
      if (e?.code === '42501') {
        throw new AppError('REPORT_SQL_FORBIDDEN', {
          message: reportsMessages.protectedData,
          details: { reason: 'PRIVILEGE', detail: e.message },
          cause: error,
        });
      }
      if (e?.code === '25006') {
        throw new AppError('REPORT_SQL_FORBIDDEN', {
          message: reportsMessages.readOnly,
          details: { reason: 'READ_ONLY', detail: e.message },
          cause: error,
        });
      }
      if (e) {
        throw new AppError('REPORT_SQL_FAILED', {
          message: reportsMessages.sqlFailed(e.message ?? e.code),
          details: { sqlState: e.code },
          cause: error,
        });
      }
      throw error;
    }
  }

  return {
    ensureRole,
    /** PGlite: the report worker's figures (snapshots, their cost); undefined on PostgreSQL. */
    isolationStats: () => isolation?.stats(),
    /** Ends the report worker (app shutdown). */
    close: async () => {
      await isolation?.close();
    },
    /** The rows (at most REPORT_MAX_ROWS, else REPORT_TOO_LARGE). */
    async rows(
      checked: CheckedSql,
      values: ReadonlyMap<string, string | null>,
      timeoutSeconds: number,
      maxRows = REPORT_MAX_ROWS,
      /** Preview: answer the first `maxRows` rows instead of refusing more. */
      truncate = false,
      /** The caller's data rights (decision 027); none when not given. */
      rights: ReportDataRights = NO_DATA_RIGHTS,
    ): Promise<ReportRows & { truncated: boolean }> {
      const query = sql`select * from (${statement(checked, values)}) as report_rows limit ${sql.raw(String(maxRows + 1))}`;
      const result = await execute<Record<string, unknown>>(query, timeoutSeconds, rights);
      const rows = result.rows;
      const truncated = rows.length > maxRows;
      if (truncated && truncate) rows.length = maxRows;
      else if (truncated) {
        throw new AppError('REPORT_TOO_LARGE', {
          message: reportsMessages.tooManyRows(maxRows),
          details: { maxRows },
        });
      }
      let bytes = 0;
      for (const row of rows) {
        bytes += JSON.stringify(row).length;
        if (bytes > REPORT_MAX_BYTES) {
          throw new AppError('REPORT_TOO_LARGE', { details: { maxBytes: REPORT_MAX_BYTES } });
        }
      }
      const fields = result.fields;
      const numeric = (fields ?? []).filter(
        (f) => f.dataTypeID !== undefined && NUMERIC_TYPES.has(f.dataTypeID),
      );
      if (numeric.length > 0) {
        for (const row of rows) for (const f of numeric) row[f.name] = toNumber(row[f.name]);
      }
      const columns = fields?.map((f) => f.name) ?? Object.keys(rows[0] ?? {});
      return { columns: [...new Set(columns)], rows, truncated };
    },
    /** The number of records the report would produce (for the > 1000 warning). */
    async count(
      checked: CheckedSql,
      values: ReadonlyMap<string, string | null>,
      timeoutSeconds: number,
      rights: ReportDataRights = NO_DATA_RIGHTS,
    ) {
      const query = sql`select count(*)::int as n from (${statement(checked, values)}) as report_rows`;
      const result = await execute<{ n: number }>(query, timeoutSeconds, rights);
      return Number((result.rows[0] as { n: number } | undefined)?.n ?? 0);
    },
  };
}
