import { Worker } from 'node:worker_threads';
import { AppError } from '#platform/errors.ts';
import type { WorkerAnswer, WorkerJob, WorkerQuery, WorkerStatus } from './report-worker.ts';

/**
 * Runs report SQL of the embedded database (PGlite) in a worker thread on a snapshot of the database, so a
 * report can be stopped at its timeout (decision 026). PGlite computes in the thread that calls it and
 * ignores statement_timeout; a report in the app's own PGlite would keep every other request waiting for
 * as long as it runs, whatever its SQL. In a worker, `terminate()` ends the WebAssembly computation.
 *
 * - Snapshot: `dumpDataDir()` of the app's PGlite, taken while no transaction is open (PGlite's own
 *   transaction lock), so it holds exactly the data committed when the report starts. The worker opens it
 *   with `loadDataDir`. The same snapshot (and worker) serves further reports while the database has not
 *   changed (`pg_current_wal_lsn()` unchanged — every committed change writes WAL).
 * - One report at a time; up to `maxWaiting` more wait their turn, further ones are refused (REPORT_BUSY).
 * - A report running longer than its timeout: the worker is terminated and the caller gets PostgreSQL's
 *   query_canceled (57014), the same as a statement_timeout on the server.
 * - An idle worker (~300 MB: a second PGlite) is shut down after `idleMs`.
 */
export type IsolationClient = {
  query<T>(sql: string): Promise<{ rows: T[] }>;
  dumpDataDir(compression?: 'none'): Promise<Blob>;
  /** PGlite's transaction lock: runs `fn` while no transaction is open and none can start. */
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
};

export type IsolatedResult = {
  rows: Record<string, unknown>[];
  fields: { name: string; dataTypeID: number }[];
};

export type IsolationStats = {
  /** Snapshots taken (workers started) so far. */
  snapshots: number;
  /** Milliseconds the app's database was held for the last snapshot (dump and copy). */
  lastSnapshotMs: number | undefined;
  /** Milliseconds from starting the last worker until its PGlite was open. */
  lastWorkerStartMs: number | undefined;
  /** Whether a worker is running now. */
  running: boolean;
};

const WORKER_URL = new URL('./report-worker.ts', import.meta.url);

/** Raised for a report stopped at its timeout: PostgreSQL's code for a cancelled statement. */
function queryCanceled(): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
}

type Snapshot = {
  lsn: string;
  worker: Worker;
  ready: Promise<void>;
  /** Settles the job now running in this worker (if any). */
  pending: ((answer: WorkerAnswer | Error) => void) | undefined;
  dead: boolean;
};

export function createReportIsolation(deps: {
  client: IsolationClient;
  /** Shut an idle worker down after this many milliseconds (default 60 s). */
  idleMs?: number;
  /** Reports that may wait while one runs (default 4); more are refused with REPORT_BUSY. */
  maxWaiting?: number;
  /** How long opening a snapshot in the worker may take (default 120 s). */
  startTimeoutMs?: number;
}) {
  const idleMs = deps.idleMs ?? 60_000;
  const maxWaiting = deps.maxWaiting ?? 4;
  const startTimeoutMs = deps.startTimeoutMs ?? 120_000;
  const stats: IsolationStats = {
    snapshots: 0,
    lastSnapshotMs: undefined,
    lastWorkerStartMs: undefined,
    running: false,
  };
  let current: Snapshot | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;

  // One report at a time, a bounded queue behind it.
  let busy = false;
  const waiting: (() => void)[] = [];
  async function acquire(): Promise<void> {
    if (!busy) {
      busy = true;
      return;
    }
    if (waiting.length >= maxWaiting) throw new AppError('REPORT_BUSY');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  }

  function stop(snapshot: Snapshot | undefined): void {
    if (!snapshot || snapshot.dead) return;
    snapshot.dead = true;
    if (current === snapshot) current = undefined;
    stats.running = current !== undefined;
    snapshot.pending?.(new Error('Der Report-Worker wurde beendet.'));
    void snapshot.worker.terminate();
  }

  function start(lsn: string, dump: ArrayBuffer): Snapshot {
    const startedAt = performance.now();
    const worker = new Worker(WORKER_URL, { workerData: { dump }, transferList: [dump] });
    // A worker never keeps the process alive (shutdown, tests).
    worker.unref();
    const snapshot: Snapshot = { lsn, worker, ready: Promise.resolve(), pending: undefined, dead: false };
    snapshot.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('Die Kopie der Datenbank für Reports konnte nicht rechtzeitig geöffnet werden.'));
        stop(snapshot);
      }, startTimeoutMs);
      timer.unref();
      worker.once('message', (status: WorkerStatus) => {
        clearTimeout(timer);
        if (status.type === 'ready') {
          stats.lastWorkerStartMs = Math.round(performance.now() - startedAt);
          worker.on('message', (answer: WorkerAnswer) => snapshot.pending?.(answer));
          resolve();
        } else {
          reject(new Error(`Die Kopie der Datenbank für Reports ließ sich nicht öffnen: ${status.message}`));
          stop(snapshot);
        }
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
        snapshot.pending?.(error);
        stop(snapshot);
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('Der Report-Worker wurde unerwartet beendet.'));
        stop(snapshot);
      });
    });
    // Rejections are handled by whoever awaits `ready`; an unawaited one must not crash the process.
    snapshot.ready.catch(() => undefined);
    return snapshot;
  }

  /** The worker on a snapshot of the data committed now: the current one while nothing changed. */
  async function snapshotNow(): Promise<Snapshot> {
    const lsnOf = async () =>
      (await deps.client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn ??
      '';
    const lsn = await lsnOf();
    if (current && !current.dead && current.lsn === lsn) return current;
    stop(current);
    const startedAt = performance.now();
    // No transaction is open while the dump is taken: it holds committed data only, and at least the data
    // of `lsn` (a change committed between the two steps only makes the snapshot newer).
    const dump = await deps.client._runExclusiveTransaction(async () => {
      const blob = await deps.client.dumpDataDir('none');
      return blob.arrayBuffer();
    });
    stats.lastSnapshotMs = Math.round(performance.now() - startedAt);
    stats.snapshots += 1;
    current = start(lsn, dump);
    stats.running = true;
    return current;
  }

  function runIn(snapshot: Snapshot, job: WorkerJob, timeoutMs: number): Promise<WorkerAnswer> {
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        snapshot.pending = undefined;
        stop(snapshot);
        reject(queryCanceled());
      }, timeoutMs);
      snapshot.pending = (answer) => {
        clearTimeout(timer);
        snapshot.pending = undefined;
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      };
      snapshot.worker.postMessage(job);
    });
  }

  return {
    stats: (): IsolationStats => ({ ...stats }),
    /**
     * Runs `query` after BEGIN and the `prologue` statements on a snapshot of the committed data; at most
     * `timeoutMs` of execution (opening a new snapshot is not counted), then the worker is terminated.
     */
    async run(input: {
      prologue: WorkerQuery[];
      query: WorkerQuery;
      timeoutMs: number;
      maxBytes: number;
    }): Promise<IsolatedResult> {
      if (closed) throw new Error('Reports sind beendet.');
      await acquire();
      try {
        if (idleTimer) clearTimeout(idleTimer);
        const snapshot = await snapshotNow();
        await snapshot.ready;
        const answer = await runIn(
          snapshot,
          { id: nextId++, prologue: input.prologue, query: input.query, maxBytes: input.maxBytes },
          input.timeoutMs,
        );
        if (answer.ok) return { rows: answer.rows, fields: answer.fields };
        if ('tooLarge' in answer) {
          throw new AppError('REPORT_TOO_LARGE', { details: { maxBytes: input.maxBytes } });
        }
        throw Object.assign(
          new Error(answer.error.message),
          answer.error.code ? { code: answer.error.code } : {},
        );
      } finally {
        release();
        if (current && !closed) {
          const idle = current;
          idleTimer = setTimeout(() => stop(idle), idleMs);
          idleTimer.unref();
        }
      }
    },
    /** Ends the worker (app shutdown). */
    async close(): Promise<void> {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const snapshot = current;
      stop(snapshot);
      if (snapshot) await snapshot.worker.terminate();
    },
  };
}
