/**
 * The report worker (a `node:worker_threads` thread, started by report-isolation.ts): opens its own PGlite
 * from a snapshot of the app's embedded database and runs report SQL there, so that the main thread can
 * end a runaway report with `worker.terminate()` — PGlite cannot be interrupted from JavaScript while it
 * computes, and it ignores statement_timeout (decision 026).
 *
 * Loaded by Node directly (type stripping, no bundler): relative imports only, erasable TypeScript only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export type WorkerQuery = { sql: string; params: unknown[] };
export type WorkerJob = {
  id: number;
  /** Run in order after BEGIN: the transaction prologue (read only, search_path, role, …). */
  prologue: WorkerQuery[];
  query: WorkerQuery;
  /** Rows larger than this (JSON size) are not sent back: the main thread would have to copy them. */
  maxBytes: number;
};
export type WorkerAnswer =
  | { id: number; ok: true; rows: Record<string, unknown>[]; fields: { name: string; dataTypeID: number }[] }
  | { id: number; ok: false; tooLarge: true }
  | { id: number; ok: false; error: { code?: string; message: string } };
export type WorkerStatus = { type: 'ready' } | { type: 'failed'; message: string };

/** The same text parsers as drizzle's PGlite driver, so rows look alike on both paths. */
const asText = (value: string) => value;
const PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('report-worker.ts runs as a worker thread only');
  const { dump } = workerData as { dump: ArrayBuffer };
  let pg: PGlite;
  try {
    pg = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: { pg_trgm } });
  } catch (error) {
    port.postMessage({ type: 'failed', message: String(error) } satisfies WorkerStatus);
    return;
  }
  port.postMessage({ type: 'ready' } satisfies WorkerStatus);
  port.on('message', async (job: WorkerJob) => {
    let answer: WorkerAnswer;
    try {
      await pg.query('begin');
      try {
        for (const step of job.prologue) await pg.query(step.sql, step.params);
        const result = await pg.query<Record<string, unknown>>(job.query.sql, job.query.params, {
          parsers: PARSERS,
        });
        let bytes = 0;
        let tooLarge = false;
        for (const row of result.rows) {
          bytes += JSON.stringify(row).length;
          if (bytes > job.maxBytes) {
            tooLarge = true;
            break;
          }
        }
        answer = tooLarge
          ? { id: job.id, ok: false, tooLarge: true }
          : {
              id: job.id,
              ok: true,
              rows: result.rows,
              fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
            };
      } finally {
        await pg.query('rollback');
      }
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown };
      answer = {
        id: job.id,
        ok: false,
        error: {
          ...(typeof e.code === 'string' ? { code: e.code } : {}),
          message: typeof e.message === 'string' ? e.message : String(error),
        },
      };
    }
    port.postMessage(answer);
  });
}

await main();
