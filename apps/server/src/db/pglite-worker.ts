/**
 * The embedded database's thread (decision 039): a `node:worker_threads` worker that owns the app's PGlite
 * and runs what the main thread's client (pglite-client.ts) sends it, one message at a time. PGlite computes
 * in the thread that calls it; here that is this thread, so the main thread keeps serving requests while a
 * query runs.
 *
 * Protocol: every request carries an id and gets one answer with that id. A transaction is interactive:
 * `begin` opens PGlite's own transaction (its COMMIT/ROLLBACK handling stays PGlite's), queries with
 * `tx: true` run in it, `end` commits or rolls it back. The main thread serialises requests (FIFO), so no
 * query outside the transaction arrives while one is open.
 *
 * Loaded by Node directly (type stripping, no bundler): relative imports only, erasable TypeScript only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export type PgliteWorkerData = { dataDir: string | undefined; loadDataDir: ArrayBuffer | undefined };

export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      tx: boolean;
      sql: string;
      params: unknown[] | undefined;
      rowMode: 'array' | 'object' | undefined;
      /** Type OIDs returned as text, as drizzle asks for (its parsers are the identity). */
      textTypes: number[] | undefined;
    }
  | { id: number; op: 'exec'; tx: boolean; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; commit: boolean }
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' | 'auto' | undefined }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' };

/** A notification (NOTIFY) PGlite delivered while a request ran; it travels with that request's answer. */
export type PgliteNotification = { channel: string; payload: string };

/** A database error's fields (code, detail, constraint, …) cross the thread as plain data. */
export type SerializedError = { name: string; message: string; stack: string | undefined } & Record<
  string,
  unknown
>;

export type PgliteAnswer = (
  | { id: number; ok: true; result?: unknown; dump?: ArrayBuffer }
  | { id: number; ok: false; error: SerializedError }
) & { notifications?: PgliteNotification[] };

export type PgliteStatus = { type: 'ready' } | { type: 'failed'; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), stack: undefined };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value))
      fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

/** Raised inside PGlite's transaction callback to make it roll back; not an error for the caller. */
const ROLLBACK = Symbol('rollback');
const identity = (value: string) => value;

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('pglite-worker.ts runs as a worker thread only');
  const data = workerData as PgliteWorkerData;
  let pg: PGlite;
  try {
    pg = await PGlite.create({
      ...(data.dataDir ? { dataDir: data.dataDir } : {}),
      ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    port.postMessage({ type: 'failed', error: serializeError(error) } satisfies PgliteStatus);
    return;
  }

  // Notifications PGlite delivers during a request (it calls listeners before the statement's promise
  // resolves): sent with that request's answer, so the main thread sees them before the caller goes on —
  // as a listener in PGlite's own thread would (decision 038 relies on it).
  const notifications: PgliteNotification[] = [];
  const listening = new Set<string>();

  let tx: Transaction | undefined;
  let endTx: ((commit: boolean) => void) | undefined;
  let txDone: Promise<void> | undefined;
  const parsersFor = new Map<string, Record<number, typeof identity>>();

  function target(inTx: boolean): Pick<Transaction, 'query' | 'exec'> {
    if (!inTx) return pg;
    if (!tx) throw new Error('no transaction is open');
    return tx;
  }

  async function handle(request: PgliteRequest): Promise<PgliteAnswer> {
    switch (request.op) {
      case 'query': {
        let options: { rowMode?: 'array' | 'object'; parsers?: Record<number, typeof identity> } = {};
        if (request.rowMode) options.rowMode = request.rowMode;
        if (request.textTypes) {
          const key = request.textTypes.join(',');
          let parsers = parsersFor.get(key);
          if (!parsers) {
            parsers = Object.fromEntries(request.textTypes.map((oid) => [oid, identity]));
            parsersFor.set(key, parsers);
          }
          options = { ...options, parsers };
        }
        const result = await target(request.tx).query(request.sql, request.params, options);
        return {
          id: request.id,
          ok: true,
          result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
        };
      }
      case 'exec': {
        const results = await target(request.tx).exec(request.sql);
        return {
          id: request.id,
          ok: true,
          result: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })),
        };
      }
      case 'begin': {
        if (tx) throw new Error('a transaction is already open');
        const opened = new Promise<void>((resolve, reject) => {
          txDone = pg
            .transaction(async (t) => {
              tx = t;
              resolve();
              const commit = await new Promise<boolean>((r) => {
                endTx = r;
              });
              if (!commit) throw ROLLBACK;
            })
            .catch((error: unknown) => {
              if (error !== ROLLBACK) throw error;
            })
            .finally(() => {
              tx = undefined;
              endTx = undefined;
            });
          // BEGIN itself failed: the callback never ran.
          txDone.catch(reject);
        });
        await opened;
        return { id: request.id, ok: true };
      }
      case 'end': {
        const done = txDone;
        if (!endTx || !done) throw new Error('no transaction is open');
        txDone = undefined;
        endTx(request.commit);
        await done;
        return { id: request.id, ok: true };
      }
      case 'dump': {
        const blob = await pg.dumpDataDir(request.compression);
        return { id: request.id, ok: true, dump: await blob.arrayBuffer() };
      }
      case 'listen': {
        if (!listening.has(request.channel)) {
          const channel = request.channel;
          await pg.listen(channel, (payload) => notifications.push({ channel, payload }));
          listening.add(channel);
        }
        return { id: request.id, ok: true };
      }
      case 'close': {
        await pg.close();
        return { id: request.id, ok: true };
      }
    }
  }

  port.on('message', async (request: PgliteRequest) => {
    let answer: PgliteAnswer;
    try {
      answer = await handle(request);
    } catch (error) {
      answer = { id: request.id, ok: false, error: serializeError(error) };
    }
    if (notifications.length > 0) answer.notifications = notifications.splice(0);
    if (answer.ok && answer.dump) port.postMessage(answer, [answer.dump]);
    else port.postMessage(answer);
  });
  port.postMessage({ type: 'ready' } satisfies PgliteStatus);
}

await main();
