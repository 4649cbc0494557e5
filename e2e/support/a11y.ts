import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Accessibility checks of every page a browser test opens (issue 15, WCAG 2.1 A/AA = BITV 2.0; decision 034).
 *
 * `newPage()` hands each page to `watchAccessibility()`. Each URL (path and query) a page shows is checked
 * once per test with axe-core, at the first of these moments:
 * - a checkpoint: the support helpers call `checkpoint(page)` where the test waits for them anyway —
 *   `signIn()` once the signed-in layout stands, `gridTotal()` once a list answered, `login()` on the login
 *   form — and `context.close()` and the end of each test (`a11y-setup.ts`) check the page as it was left;
 *   the test does nothing meanwhile, so the check cannot disturb it;
 * - a quiet moment: a page the test navigated to (page load or router change, `framenavigated`) and then
 *   left alone for a second — no key, pointer or input event, no request in flight, nothing busy, no
 *   transition running — is checked in the background.
 * A serious or critical violation fails the test at its end with rule, impact, selector and URL. Specs call
 * `expectAccessible(page)` after opening a dialog or another state worth checking on the same URL.
 *
 * Once per worker, not per test, where the page's state is known: a page signed in with `signIn()` or
 * `login()` is checked once per worker for the same account, viewport and URL — the files of one worker
 * share that record (`workerChecked`), so the start page or a list that ten tests open as `admin` costs one
 * check, not ten. A page whose account is not known (signed in through single sign-on or by hand, or not
 * at all) is checked once per test as before. `expectAccessible()` always checks. `A11Y_EVERY_TEST=1` turns
 * the worker record off (every test checks each URL it shows).
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);
/** Longest wait at a checkpoint for the page to settle before it is checked as it is. */
const SETTLE_LIMIT_MS = 4_000;
/** How long the test must have left a page alone before a background check starts. */
const QUIET_MS = 1_000;
/** A11Y_DEBUG=1 prints each check with its duration (to see what the checks cost). */
const debug = process.env.A11Y_DEBUG === '1';

/**
 * The page states (`variant|account|URL`) checked by any test of this worker so far: a file in the directory
 * global-setup provides (`a11yDir`), one per worker (VITEST_POOL_ID), since each file runs in a fresh module
 * graph. Two files never run at once with one pool id, so the file has a single writer at a time.
 */
const everyTest = process.env.A11Y_EVERY_TEST === '1';
let workerChecked: Set<string> | undefined;
let workerFile: string | null = null;

function workerRecord(): Set<string> {
  if (workerChecked) return workerChecked;
  const dir = everyTest ? undefined : inject('a11yDir');
  workerFile = dir ? join(dir, `worker-${process.env.VITEST_POOL_ID ?? '1'}.txt`) : null;
  let lines: string[] = [];
  try {
    lines = workerFile ? readFileSync(workerFile, 'utf8').split('\n') : [];
  } catch {
    // the worker's first file: nothing checked yet
  }
  workerChecked = new Set(lines.filter(Boolean));
  return workerChecked;
}

function rememberForWorker(state: string): void {
  const record = workerRecord();
  if (record.has(state)) return;
  record.add(state);
  if (workerFile) appendFileSync(workerFile, `${state}\n`);
}

type Violation = {
  rule: string;
  impact: string;
  help: string;
  target: string;
  html: string;
  url: string;
};

const monitors = new Set<PageMonitor>();
let findings: Violation[] = [];

/** The app's origin (the e2e server of this worker); pages of other origins (the OpenID provider) are not ours. */
let appOrigin = '';

/** The part of a URL that makes it a distinct page for the check (no hash); null for what is not the app. */
function pageKey(url: string): string | null {
  if (!url.startsWith('http')) return null;
  const parsed = new URL(url);
  if (parsed.origin !== appOrigin || parsed.pathname.startsWith('/api/')) return null;
  return `${parsed.pathname}${parsed.search}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Records the time of the last user input in the page (the test's key presses, clicks, typing). */
function trackInput() {
  const w = window as unknown as { __a11yLastInput: number };
  w.__a11yLastInput = 0;
  for (const type of ['keydown', 'pointerdown', 'input', 'wheel']) {
    window.addEventListener(
      type,
      () => {
        w.__a11yLastInput = performance.now();
      },
      true,
    );
  }
}

/** The page is calm: loaded, nothing busy, no transition running, and (quietMs > 0) no input for that long. */
function isCalm(page: Page, quietMs: number): Promise<boolean> {
  return page
    .evaluate(
      (quiet) =>
        document.readyState === 'complete' &&
        document.querySelector('[aria-busy="true"]') === null &&
        document.getAnimations().every((animation) => animation.playState !== 'running') &&
        performance.now() - ((window as unknown as { __a11yLastInput?: number }).__a11yLastInput ?? 0) >=
          quiet,
      quietMs,
    )
    .catch(() => false);
}

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

async function runAxe(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  // axe stays in the document across the router's page changes: inject its 0.5 MB only once per load.
  const loaded = await page.evaluate(() => 'axe' in window);
  try {
    return await analyze(page, loaded, rules);
  } catch (error) {
    // A reload between the probe and the run (a test clicking „Seite neu laden“) leaves a document without axe:
    // inject it again once. Other errors (navigation, closed page) go to the caller.
    if (!loaded || page.isClosed() || isNavigationError(error)) throw error;
    return analyze(page, false, rules);
  }
}

async function analyze(page: Page, loaded: boolean, rules?: string[]): Promise<AxeViolation[]> {
  let builder = new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) })
    .setLegacyMode(true)
    // Only violations are collected (passes and incomplete results cost time and are not read).
    .options({ resultTypes: ['violations'] });
  builder = rules ? builder.withRules(rules) : builder.withTags(TAGS);
  const started = Date.now();
  const result = await builder.analyze();
  if (debug)
    process.stderr.write(`[a11y] ${Date.now() - started} ms ${page.url()} ${rules ? rules.join(',') : ''}\n`);
  return result.violations.filter((violation) => FAILING.has(violation.impact ?? ''));
}

function flatten(violations: AxeViolation[], url: string): Violation[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      target: node.target.map(String).join(' '),
      html: node.html.length > 160 ? `${node.html.slice(0, 157)}...` : node.html,
      url,
    })),
  );
}

function isNavigationError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Execution context was destroyed|Target (page, context or browser )?(has been )?closed|navigat/i.test(
    message,
  );
}

class PageMonitor {
  readonly page: Page;
  /** URLs checked in the current test. */
  readonly checked = new Set<string>();
  /** The account signed in with signIn() or login(); null when not known (then no worker-wide record). */
  account: string | null = null;
  /** Mobile context, service worker: with the viewport, what else makes the same URL another page state. */
  readonly variant: string;
  inflight = 0;
  /** Checks run one after another; a checkpoint stops a background wait by raising the generation. */
  private chain: Promise<void> = Promise.resolve();
  private generation = 0;

  constructor(page: Page, variant: string) {
    this.page = page;
    this.variant = variant;
    const counted = new Set(['document', 'fetch', 'xhr', 'script', 'stylesheet']);
    const done = (request: { resourceType(): string }) => {
      if (counted.has(request.resourceType())) this.inflight = Math.max(0, this.inflight - 1);
    };
    page.on('request', (request) => {
      if (counted.has(request.resourceType())) this.inflight += 1;
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.checkWhenQuiet(frame.url());
    });
    page.on('close', () => monitors.delete(this));
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(task);
    return this.chain;
  }

  /** Waits until the page settled (`quietMs`: also no input for that long); false when it left `key`. */
  private async settle(key: string | null, quietMs: number, generation: number | null): Promise<boolean> {
    const deadline = quietMs > 0 ? Number.POSITIVE_INFINITY : Date.now() + SETTLE_LIMIT_MS;
    let calmPolls = 0;
    while (Date.now() < deadline) {
      if (this.page.isClosed() || (generation !== null && generation !== this.generation)) return false;
      if (key !== null && pageKey(this.page.url()) !== key) return false;
      const calm = this.inflight === 0 && (await isCalm(this.page, quietMs));
      calmPolls = calm ? calmPolls + 1 : 0;
      if (calmPolls >= 2) return true;
      // A background wait polls less often: it may last as long as the test works on the page.
      await sleep(quietMs > 0 ? 250 : 100);
    }
    return !this.page.isClosed() && (key === null || pageKey(this.page.url()) === key);
  }

  /**
   * One check of the page as it is now. A violation counts only when a second run of its rules, after the
   * page settled again, finds it at the same element: a fading dialog or a row painted mid-scroll is not a
   * finding, a real one stays. Null when the page left `key` or closed during the check.
   */
  async check(key: string | null): Promise<Violation[] | null> {
    const url = this.page.url();
    const first = await runAxe(this.page);
    if (key !== null && pageKey(this.page.url()) !== key) return null;
    if (first.length === 0) return [];
    if (!(await this.settle(key, 0, null))) return null;
    const second = flatten(await runAxe(this.page, [...new Set(first.map((v) => v.id))]), url);
    const confirmed = new Set(second.map((v) => `${v.rule} ${v.target}`));
    return flatten(first, url).filter((v) => confirmed.has(`${v.rule} ${v.target}`));
  }

  /** The page state of `key` for the worker's record; null while the account is not known. */
  private state(key: string): string | null {
    if (this.account === null || everyTest) return null;
    const size = this.page.viewportSize();
    return `${this.variant} ${size ? `${size.width}x${size.height}` : ''}|${this.account}|${key}`;
  }

  /** Checked in this test, or (account known) in any earlier test of this worker with this state. */
  private seen(key: string): boolean {
    if (this.checked.has(key)) return true;
    const state = this.state(key);
    if (state === null || !workerRecord().has(state)) return false;
    if (debug) process.stderr.write(`[a11y] seen ${this.page.url()} as ${this.account}\n`);
    this.checked.add(key);
    return true;
  }

  /** Checks `key` (the current URL) once settled and records what it found. */
  private async checkAndRecord(key: string, quietMs: number, generation: number | null): Promise<void> {
    if (this.seen(key)) return;
    try {
      if (!(await this.settle(key, quietMs, generation))) return;
      const found = await this.check(key);
      if (found === null) return;
      this.checked.add(key);
      const state = this.state(key);
      if (state !== null) rememberForWorker(state);
      findings.push(...found);
    } catch (error) {
      // The page closed or navigated during the check (also when the new document, e.g. the OpenID provider's
      // logout page, answered the run without axe): its next visit is checked instead.
      if (this.page.isClosed() || isNavigationError(error) || pageKey(this.page.url()) !== key) return;
      findings.push({
        rule: 'axe-run-failed',
        impact: 'critical',
        help: error instanceof Error ? error.message : String(error),
        target: '',
        html: '',
        url: this.page.url(),
      });
    }
  }

  /** Background: a URL the page navigated to is checked once the test left it alone for QUIET_MS. */
  private checkWhenQuiet(url: string): void {
    const key = pageKey(url);
    if (key === null || this.seen(key)) return;
    const generation = this.generation;
    void this.enqueue(() => this.checkAndRecord(key, QUIET_MS, generation));
  }

  /** Stops background waits, waits for a running check, then checks the current URL if still unchecked. */
  checkpoint(): Promise<void> {
    this.generation += 1;
    return this.enqueue(async () => {
      if (this.page.isClosed()) return;
      const key = pageKey(this.page.url());
      if (key !== null) await this.checkAndRecord(key, 0, null);
    });
  }

  /** Stops background waits, waits for a running check (nothing runs in the page afterwards), then settles. */
  async quiesce(): Promise<void> {
    this.generation += 1;
    await this.enqueue(async () => {});
    await this.settle(null, 0, null);
  }
}

/**
 * Called by newPage(): checks every page of the app (`origin`) the page shows. `variant` names what besides
 * viewport, account and URL makes a page state of its own (a phone context, an allowed service worker).
 */
export async function watchAccessibility(
  context: BrowserContext,
  page: Page,
  origin: string,
  variant = '',
): Promise<void> {
  appOrigin = new URL(origin).origin;
  await page.addInitScript(trackInput);
  monitors.add(new PageMonitor(page, variant));
  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.all(
      [...monitors].filter((monitor) => monitor.page.context() === context).map((m) => m.checkpoint()),
    );
    await close(options);
  };
}

/**
 * A moment where the test waits anyway (the support helpers call it): checks the page's current URL if it
 * was not checked in this test yet.
 */
export async function checkpoint(page: Page): Promise<void> {
  await [...monitors].find((m) => m.page === page)?.checkpoint();
}

/**
 * signIn() and login(): from now on the page shows `account`'s pages, which are checked once per worker
 * (the same account, viewport and URL in a later test of this worker is not checked again).
 */
export function signedInAs(page: Page, account: string): void {
  const monitor = [...monitors].find((m) => m.page === page);
  if (monitor) monitor.account = account;
}

/** Start of a test: nothing found yet, every URL not checked in this worker for its account is checked. */
export function beginAccessibilityTest(): void {
  findings = [];
  for (const monitor of monitors) monitor.checked.clear();
}

function describeFindings(list: Violation[]): string {
  const lines = new Set<string>();
  for (const v of list) {
    lines.add(`- ${v.rule} (${v.impact}) at ${v.target} on ${v.url}: ${v.help}\n    ${v.html}`);
  }
  return [...lines].join('\n');
}

function failure(list: Violation[]): Error {
  return new Error(
    `Accessibility (axe-core, WCAG 2.1 A/AA): ${list.length} serious or critical violation(s)\n${describeFindings(list)}`,
  );
}

/** End of a test: checks the pages still open, then fails with every serious or critical violation. */
export async function endAccessibilityTest(): Promise<void> {
  await Promise.all([...monitors].map((monitor) => monitor.checkpoint()));
  const list = findings;
  findings = [];
  if (list.length > 0) throw failure(list);
}

/**
 * Checks the page as it is now (e.g. with a dialog open) once it has settled, and fails at once with every
 * serious or critical violation. No check runs in the page afterwards until the test navigates and then
 * leaves the page alone, so a test that measures time (a progress bar's delay) calls it before measuring.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const monitor = [...monitors].find((m) => m.page === page);
  if (!monitor) throw new Error('expectAccessible: the page was not opened with newPage()');
  await monitor.quiesce();
  const key = pageKey(page.url());
  const found = await monitor.check(null);
  if (key !== null && pageKey(page.url()) === key) monitor.checked.add(key);
  if (found && found.length > 0) throw failure(found);
}
