import { Worker } from 'node:worker_threads';
import type {
  PgliteAnswer,
  PgliteNotification,
  PgliteRequest,
  PgliteStatus,
  PgliteWorkerData,
  SerializedError,
} from './pglite-worker.ts';

/**
 * The main thread's side of the embedded database (decision 039): PGlite runs in a worker thread
 * (pglite-worker.ts) and this client offers the part of PGlite's interface that drizzle's `pglite` driver,
 * the report isolation (decision 026) and the test set-up use — `query`, `exec`, `transaction`,
 * `dumpDataDir`, `_runExclusiveTransaction`, `close`.
 *
 * - One connection, first come, first served: every query, transaction and exclusive section waits its turn
 *   in one FIFO queue, so requests are answered in the order they asked; while a transaction is open (it
 *   runs interactively over messages) everything else waits behind it, as in PGlite itself.
 * - Rows cross the thread by structured clone: strings, numbers, bigint, Date, Uint8Array, parsed JSON and
 *   arrays arrive as PGlite made them. Parsers cannot cross: only drizzle's "keep as text" parsers are
 *   supported (named by type OID; anything else is refused).
 * - Errors arrive with PostgreSQL's fields (code, detail, constraint, table, …) on a plain Error.
 * - The worker keeps the process alive only while a request is outstanding.
 * - `listen`: notifications PGlite delivers while a request runs come back with its answer and reach the
 *   listeners before that request's promise resolves — the same order as PGlite in the main thread gives.
 */

type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, type: number) => unknown>;
};
type Request = PgliteRequest extends infer R ? (R extends PgliteRequest ? Omit<R, 'id'> : never) : never;

const WORKER_URL = new URL('./pglite-worker.ts', import.meta.url);

/** The worker's error as an Error with PostgreSQL's fields, raised in the caller's thread. */
function revive(serialized: SerializedError): Error {
  const { name, message, stack, ...fields } = serialized;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack)
    error.stack = `${name}: ${message}\n    (in the database thread)\n${stack.split('\n').slice(1).join('\n')}`;
  return error;
}

const checkedParsers = new WeakSet<object>();
function textTypesOf(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  if (!checkedParsers.has(parsers)) {
    for (const [oid, parse] of Object.entries(parsers)) {
      if (parse('\u0000probe', Number(oid)) !== '\u0000probe') {
        throw new Error(`the PGlite worker only supports parsers that keep the text (type ${oid})`);
      }
    }
    checkedParsers.add(parsers);
  }
  return Object.keys(parsers).map(Number);
}

export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, (answer: PgliteAnswer) => void>();
  #nextId = 1;
  /** The FIFO queue: each turn starts when the one before it has ended. */
  #tail: Promise<unknown> = Promise.resolve();
  #closed = false;
  #exited: Promise<void>;
  #failure: Error | undefined;
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
  }

  /** Starts the worker and opens PGlite there (a data directory, a dump to load, or in memory). */
  static async create(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteWorkerClient> {
    const dump = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const workerData: PgliteWorkerData = { dataDir: options.dataDir, loadDataDir: dump };
    const worker = new Worker(WORKER_URL, { workerData, ...(dump ? { transferList: [dump] } : {}) });
    const client = new PgliteWorkerClient(worker);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`the PGlite worker ended during start-up (${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (status: PgliteStatus) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (status.type === 'ready') resolve();
        else {
          reject(revive(status.error));
          void worker.terminate();
        }
      });
    });
    worker.on('message', (answer: PgliteAnswer) => {
      for (const n of answer.notifications ?? []) client.#notify(n);
      const settle = client.#pending.get(answer.id);
      client.#pending.delete(answer.id);
      if (client.#pending.size === 0) worker.unref();
      settle?.(answer);
    });
    // The worker crashing (out of memory, a bug) fails whatever waits on it and every later request.
    const fail = (error: Error) => {
      client.#failure = error;
      for (const settle of client.#pending.values()) {
        settle({ id: 0, ok: false, error: { name: error.name, message: error.message, stack: error.stack } });
      }
      client.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!client.#closed) fail(new Error(`the PGlite worker ended unexpectedly (${code})`));
    });
    worker.unref();
    return client;
  }

  /** Sends one request to the worker, outside the queue (the caller holds its turn). */
  #send(request: Request): Promise<PgliteAnswer & { ok: true }> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, (answer) => (answer.ok ? resolve(answer) : reject(revive(answer.error))));
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter that cannot be cloned (a function, a class instance with private state, …).
        this.#pending.delete(id);
        if (this.#pending.size === 0) this.#worker.unref();
        reject(error);
      }
    });
  }

  /** Runs `fn` in its turn: after everything asked before it, with nothing else running meanwhile. */
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    const turn = this.#tail.then(fn);
    this.#tail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  #query<T>(tx: boolean, sql: string, params?: unknown[], options?: QueryOptions) {
    return this.#send({
      op: 'query',
      tx,
      sql,
      params,
      rowMode: options?.rowMode,
      textTypes: textTypesOf(options?.parsers),
    }).then((answer) => answer.result as Results & { rows: T[] });
  }

  #exec(tx: boolean, sql: string) {
    return this.#send({ op: 'exec', tx, sql }).then((answer) => answer.result as Results[]);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results & { rows: T[] }> {
    return this._runExclusiveTransaction(() => this.#query<T>(false, sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this._runExclusiveTransaction(() => this.#exec(false, sql));
  }

  /** A transaction in its turn: BEGIN, `callback` with the transaction's client, COMMIT (ROLLBACK on error). */
  transaction<T>(
    callback: (tx: {
      query<R>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results & { rows: R[] }>;
      exec(sql: string): Promise<Results[]>;
    }) => Promise<T>,
  ): Promise<T> {
    return this._runExclusiveTransaction(async () => {
      await this.#send({ op: 'begin' });
      let result: T;
      try {
        result = await callback({
          query: (sql, params, options) => this.#query(true, sql, params, options),
          exec: (sql) => this.#exec(true, sql),
        });
      } catch (error) {
        await this.#send({ op: 'end', commit: false }).catch(() => undefined);
        throw error;
      }
      await this.#send({ op: 'end', commit: true });
      return result;
    });
  }

  #notify(notification: PgliteNotification) {
    for (const listener of this.#listeners.get(notification.channel) ?? []) {
      try {
        listener(notification.payload);
      } catch {
        // A listener's failure is its own; the answer still reaches its caller.
      }
    }
  }

  /** Calls `onPayload` for each notification on `channel`, before the request that caused it returns. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this._runExclusiveTransaction(() => this.#send({ op: 'listen', channel }));
    }
    set.add(onPayload);
    return async () => {
      set.delete(onPayload);
    };
  }

  /** The data directory as a tar archive (callers wanting a consistent copy hold their turn). */
  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    const answer = await this.#send({ op: 'dump', compression });
    return new Blob([answer.dump ?? new ArrayBuffer(0)]);
  }

  /** Closes PGlite after the requests already queued, then ends the worker. */
  async close(): Promise<void> {
    if (this.#closed) return;
    if (this.#failure) {
      // The worker is gone already: nothing to close but the thread handle.
      this.#closed = true;
      await this.#worker.terminate();
      return;
    }
    const last = this._runExclusiveTransaction(() => this.#send({ op: 'close' }));
    this.#closed = true;
    try {
      await last;
    } finally {
      await this.#worker.terminate();
      await this.#exited;
    }
  }
}
