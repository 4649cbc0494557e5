/**
 * Benchmark: the first load of the web app in Chromium (issue 16, item 5) — compressed script bytes of the
 * login page and of the shell after sign-in, the login page's Largest Contentful Paint, and what a second
 * visit fetches again (hashed assets are cached for a year). The server is the real app on PGlite with a
 * small demo seed, serving the built web app (`npm run build` first). Runs in a fresh browser context per
 * round, so every round starts with an empty cache.
 *
 *   npm run bench:first-load          (BENCH_ROUNDS=5 by default)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { ensureBaseData, seedDemoData } from '../apps/server/src/db/seed/bootstrap.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ADMIN_PASSWORD = 'Bench-Admin-2026!';
const WEB_DIST = path.join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const BUDGET = { loginKiB: 150, shellKiB: 250, lcpMs: 1000 };

if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.error('The web app is not built: run `npm run build` first.');
  process.exit(1);
}

type Scripts = { count: number; encodedKiB: number; decodedKiB: number; transferredKiB: number };

/** Script resources the page has fetched so far (same origin: the sizes are exposed). */
function scripts(page: Page): Promise<Scripts> {
  return page.evaluate(() => {
    // Runs in the browser; Node's typings lack the DOM's PerformanceResourceTiming.
    type Resource = {
      name: string;
      initiatorType: string;
      encodedBodySize: number;
      decodedBodySize: number;
      transferSize: number;
    };
    const entries = (performance.getEntriesByType('resource') as unknown as Resource[]).filter(
      (e) => e.initiatorType === 'script' || /\.m?js(\?|$)/.test(e.name),
    );
    const kib = (n: number) => Math.round((n / 1024) * 10) / 10;
    return {
      count: entries.length,
      encodedKiB: kib(entries.reduce((s, e) => s + e.encodedBodySize, 0)),
      decodedKiB: kib(entries.reduce((s, e) => s + e.decodedBodySize, 0)),
      transferredKiB: kib(entries.reduce((s, e) => s + e.transferSize, 0)),
    };
  });
}

/** The scripts once no new one has arrived for a second (the app polls, so the network never idles). */
async function settled(page: Page): Promise<Scripts> {
  let last = await scripts(page);
  for (;;) {
    await page.waitForTimeout(1000);
    const now = await scripts(page);
    if (now.count === last.count) return now;
    last = now;
  }
}

/** The Largest Contentful Paint of the current document, once the page has settled. */
function lcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
          // 'largest-contentful-paint' is a browser entry type Node's typings do not list.
        }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
        setTimeout(() => resolve(Math.round(last)), 500);
      }),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schutzwerk-bench-load-'));
const database = await openDatabase({ kind: 'pglite', dataDir });
await database.migrate();
await ensureBaseData(database.db, ADMIN_PASSWORD);
await seedDemoData(database.db, { employees: 50, password: ADMIN_PASSWORD });
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rounds: { login: Scripts; lcpMs: number; shell: Scripts; revisit: Scripts }[] = [];
for (let i = 0; i < ROUNDS; i += 1) {
  const context = await browser.newContext({ baseURL: base, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login', { waitUntil: 'load' });
  await page.getByLabel('Benutzername').waitFor();
  const login = await scripts(page);
  const lcpMs = await lcp(page);
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Kennwort', { exact: true }).fill(ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByText(/^Willkommen/).waitFor();
  // What the start page needed to stand.
  const shell = await scripts(page);
  // A second visit in the same browser: hashed assets come from the cache without a request.
  await page.goto('/', { waitUntil: 'load' });
  await page.locator('#main-content').waitFor();
  const revisit = await settled(page);
  rounds.push({ login, lcpMs, shell, revisit });
  await context.close();
}
await browser.close();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const first = rounds[0]!;
const lcpMs = median(rounds.map((r) => r.lcpMs));
console.info(
  `\nfirst load in Chromium, ${ROUNDS} rounds (cold cache each), load ${os.loadavg()[0]!.toFixed(1)}`,
);
console.info('| figure | value | budget |');
console.info('|---|---:|---:|');
console.info(
  `| /login: script, compressed (raw) | ${first.login.encodedKiB} KiB (${first.login.decodedKiB} KiB), ${first.login.count} files | ≤ ${BUDGET.loginKiB} KiB |`,
);
console.info(
  `| shell after sign-in: script, compressed (raw) | ${first.shell.encodedKiB} KiB (${first.shell.decodedKiB} KiB), ${first.shell.count} files | ≤ ${BUDGET.shellKiB} KiB |`,
);
console.info(
  `| /login LCP, median of ${ROUNDS} (min–max) | ${lcpMs} ms (${Math.min(...rounds.map((r) => r.lcpMs))}–${Math.max(...rounds.map((r) => r.lcpMs))}) | < ${BUDGET.lcpMs} ms |`,
);
console.info(`| second visit: script bytes over the network | ${first.revisit.transferredKiB} KiB | 0 |`);
const out = path.join(import.meta.dirname, 'results', 'first-load.json');
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadavg: os.loadavg()[0], budget: BUDGET, rounds }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
process.exit(0);
