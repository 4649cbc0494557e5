/**
 * Benchmark (issue 18): the hazardous substances register with 20,000 substances (each with one current version
 * and three H/P statements).
 * - the list (first page of 100, ordered by designation),
 * - search by name (one word that narrows to a few rows) and by CAS number (one row),
 * - open one substance (`GET /api/substances/:id`: version, statements, ingredients, limits, versions, names).
 * Server time per request: Fastify's `reply.elapsedTime` (from the request's arrival to the answer sent) taken in
 * an onResponse hook, 30 sequential requests each over real HTTP after a warm-up, median and p95.
 * Runs on PGlite (BENCH_DB=postgres for the PostgreSQL server on 127.0.0.1:5432, a fresh database).
 *
 *   npm run bench:substances
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { casCheckDigit, ecCheckDigit } from '@schutzwerk/shared/substances/cas-ec.ts';
import { deriveClassification } from '@schutzwerk/shared/substances/clp.ts';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  portals,
  substances,
  substanceVersionStatements,
  substanceVersions,
} from '../apps/server/src/db/schema.ts';
import { KIND, median, openBenchDatabase, p95, round } from './support.ts';

const SUBSTANCES = 20_000;
const BATCH = 1_000;
const REQUESTS = 30;
const PASSWORD = 'Bench-Admin-2026!';
const { database, dataDir, cleanup } = await openBenchDatabase('substances', PASSWORD);

// ── 20,000 substances with valid CAS/EC numbers, a manufacturer and three statements each ────────────
const [main] = await database.db.select({ id: portals.id }).from(portals).where(eq(portals.isMain, true));
if (!main) throw new Error('main portal missing');
const NAMES = [
  'Aceton',
  'Ethanol',
  'Toluol',
  'Xylol',
  'Isopropanol',
  'Natronlauge',
  'Salzsäure',
  'Kaltreiniger',
];
const MAKERS = Array.from(
  { length: 50 },
  (_, i) => `Chemiehandel ${String.fromCharCode(65 + (i % 26))}${i} GmbH`,
);
const STATEMENT_SETS = [
  ['H225', 'H319', 'P210'],
  ['H314', 'H290', 'P280'],
  ['H301+H311+H331', 'H370', 'P260'],
  ['H226', 'H336', 'P403+P233'],
  ['H411', 'EUH066', 'P273'],
];
const cas = (i: number) => {
  const body = String(1_000_000 + i * 7);
  return `${body.slice(0, body.length - 2)}-${body.slice(-2)}-${casCheckDigit(body)}`;
};
const ec = (i: number) => {
  let n = 600_000 + i * 3;
  while (ecCheckDigit(String(n)) === 10) n += 1;
  const body = String(n);
  return `${body.slice(0, 3)}-${body.slice(3)}-${ecCheckDigit(body)}`;
};
const seedStart = performance.now();
for (let start = 0; start < SUBSTANCES; start += BATCH) {
  const count = Math.min(BATCH, SUBSTANCES - start);
  await database.db.transaction(async (tx) => {
    const heads = await tx
      .insert(substances)
      .values(Array.from({ length: count }, () => ({ portalId: main.id })))
      .returning({ id: substances.id });
    const versions = await tx
      .insert(substanceVersions)
      .values(
        heads.map((h, k) => {
          const i = start + k;
          const statements = STATEMENT_SETS[i % STATEMENT_SETS.length]!;
          const label = deriveClassification(statements);
          return {
            substanceId: h.id,
            number: 1,
            designation: `${NAMES[i % NAMES.length]} Charge ${i}`,
            synonym: `Produkt ${i}`,
            casNumber: cas(i),
            ecNumber: ec(i),
            manufacturerName: MAKERS[i % MAKERS.length]!,
            signalWord: label.signalWord,
            pictograms: label.pictograms,
            cmr: label.cmr,
          };
        }),
      )
      .returning({ id: substanceVersions.id, substanceId: substanceVersions.substanceId });
    await tx.insert(substanceVersionStatements).values(
      versions.flatMap((v, k) =>
        STATEMENT_SETS[(start + k) % STATEMENT_SETS.length]!.map((code, position) => ({
          versionId: v.id,
          code,
          position,
        })),
      ),
    );
    await tx.execute(
      sql`update substances s set current_version_id = v.id from substance_versions v where v.substance_id = s.id and s.current_version_id is null`,
    );
  });
}
const seedMs = performance.now() - seedStart;
await database.db.execute(sql`analyze`);

const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const app = await buildApp({ config, database, logger: false });
// Server time of each answer (arrival → sent), keyed by URL.
const serverMs = new Map<string, number>();
app.addHook('onResponse', async (request, reply) => {
  serverMs.set(request.url, reply.elapsedTime);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function signIn(username: string): Promise<Record<string, string>> {
  const csrfResponse = await fetch(`${base}/api/auth/csrf`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(csrfResponse.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` };
  const login = await fetch(`${base}/api/auth/login_local`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`sign-in of ${username} failed: ${login.status}`);
  return { ...headers, authorization: `Bearer ${token}` };
}
const admin = await signIn('admin');

/** Server times of REQUESTS sequential requests after one warm-up; checks the answer. */
async function measure(url: string, check: (body: { data: unknown }) => boolean) {
  const times: number[] = [];
  for (let i = 0; i <= REQUESTS; i++) {
    const response = await fetch(`${base}${url}`, { headers: admin });
    const body = (await response.json()) as { data: unknown };
    if (response.status !== 200 || !check(body))
      throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    const ms = serverMs.get(url);
    if (ms === undefined) throw new Error(`${url}: no server time`);
    if (i > 0) times.push(ms);
  }
  return { medianMs: round(median(times)), p95Ms: round(p95(times)) };
}
type ListBody = { data: { rows: { id: number; casNumber: string }[]; filteredCount: number } };
const rowsOf = (body: { data: unknown }) => (body as ListBody).data;

const list = await measure('/api/substances?limit=100', (b) => rowsOf(b).filteredCount === SUBSTANCES);
const byName = await measure(
  `/api/substances?limit=100&search=${encodeURIComponent('Charge 12345')}`,
  (b) => rowsOf(b).rows.length >= 1,
);
const target = cas(12_345);
const byCas = await measure(
  `/api/substances?limit=100&search=${encodeURIComponent(target)}`,
  (b) => rowsOf(b).rows.length === 1 && rowsOf(b).rows[0]?.casNumber === target,
);
const found = rowsOf(
  (await (
    await fetch(`${base}/api/substances?search=${encodeURIComponent(target)}`, { headers: admin })
  ).json()) as {
    data: unknown;
  },
).rows[0]!;
const open = await measure(`/api/substances/${found.id}`, (b) => (b.data as { id: number }).id === found.id);

const results = {
  database: KIND,
  substances: SUBSTANCES,
  seedMs: Math.round(seedMs),
  list,
  searchByName: byName,
  searchByCas: byCas,
  open,
};
console.info(`\n| ${KIND}, ${SUBSTANCES} substances | server time median | p95 |\n|---|---:|---:|`);
console.info(`| list, first 100 by designation | ${list.medianMs} ms | ${list.p95Ms} ms |`);
console.info(`| search by name („Charge 12345“) | ${byName.medianMs} ms | ${byName.p95Ms} ms |`);
console.info(`| search by CAS (${target}) | ${byCas.medianMs} ms | ${byCas.p95Ms} ms |`);
console.info(`| open one (GET /api/substances/:id) | ${open.medianMs} ms | ${open.p95Ms} ms |`);
const out = path.join(import.meta.dirname, 'results', `substances-${KIND}.json`);
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...results }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
await app.close();
await database.close();
await cleanup();
