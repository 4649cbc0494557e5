import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawer, launchBrowser, newPage, signIn, waitUntil } from './support/browser.ts';

const TASK = 'Sitzungen bereinigen';
const DATE_TIME = /^\d{2}\.\d{2}\.\d{2} \d{2}:\d{2}$/;

/** The id of the task „Sitzungen bereinigen“, read through the API with the page's own headers. */
async function sessionCleanupId(page: Page, headers: Record<string, string>): Promise<number> {
  const answer = await page.request.get('/api/taskschedule/list', { headers });
  const tasks = ((await answer.json()) as { data: { rows: { id: number; key: string }[] } }).data.rows;
  const task = tasks.find((t) => t.key === 'session-cleanup');
  if (!task) throw new Error('task session-cleanup not found');
  return task.id;
}

function taskRow(page: Page): Locator {
  return page.locator('tr[data-task-key="session-cleanup"]');
}

async function stateOf(page: Page): Promise<string> {
  return (await taskRow(page).locator('[data-state]').getAttribute('data-state')) ?? '';
}

async function openScheduleDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: `Zeitplan bearbeiten: ${TASK}` }).click();
  const dialog = page.getByRole('dialog', { name: `Zeitplan bearbeiten: ${TASK}` });
  await dialog.waitFor();
  return dialog;
}

describe('Aufgabenplanung (/taskschedule/edit)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('pauses and resumes a task, runs it now with its log, and edits its schedule with German messages', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin');
    await drawer(page).getByRole('link', { name: 'Aufgabenplanung' }).click();
    await page.waitForURL('**/taskschedule/edit');

    // The task table: name, schedule in words and as cron text, next fire as dd.mm.yy HH:mm, state chip.
    const row = taskRow(page);
    await row.waitFor();
    await row.getByText(TASK, { exact: true }).waitFor();
    await waitUntil(async () => (await page.title()).startsWith('Aufgabenplanung'), 'page title');
    await row.getByText('alle 15 Minuten', { exact: true }).waitFor();
    await row.getByText('*/15 * * * *', { exact: true }).waitFor();
    expect((await row.getByTestId('next-fire').textContent())?.trim()).toMatch(DATE_TIME);
    expect(await row.getByText('Geplant', { exact: true }).isVisible()).toBe(true);

    // Pause: state 'Pausiert', no next fire; resume: 'Geplant' again with a next fire.
    await page.getByRole('button', { name: `Pausieren: ${TASK}` }).click();
    await page.getByText(`Die Aufgabe „${TASK}“ wurde pausiert.`).waitFor();
    await row.getByText('Pausiert', { exact: true }).waitFor();
    expect((await row.getByTestId('next-fire').textContent())?.trim()).toBe('–');
    expect(await stateOf(page)).toBe('paused');
    await page.getByRole('button', { name: `Fortsetzen: ${TASK}` }).click();
    await page.getByText(`Die Aufgabe „${TASK}“ wird wieder ausgeführt.`).waitFor();
    await row.getByText('Geplant', { exact: true }).waitFor();
    expect((await row.getByTestId('next-fire').textContent())?.trim()).toMatch(DATE_TIME);

    // Run now: the runs panel shows the run with its outcome and log. The run is the one the answer names
    // (the e2e servers run without the ticker, so no scheduled fire lands next to it either).
    const started = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/api\/taskschedule\/\d+\/run$/.test(response.url()),
    );
    await page.getByRole('button', { name: `Jetzt ausführen: ${TASK}` }).click();
    const runId = ((await (await started).json()) as { data: { runId: number } }).data.runId;
    await page.getByText(`Die Aufgabe „${TASK}“ wurde gestartet.`).waitFor();
    const panel = page.getByRole('region', { name: `Läufe: ${TASK}` });
    const latest = panel.locator(`[data-testid="task-run"][data-run-id="${runId}"]`);
    await latest.and(panel.locator('[data-outcome="ok"]')).waitFor();
    await latest.getByText('Manuell (Administrator, System (000001))').waitFor();
    expect(await latest.getAttribute('data-outcome')).toBe('ok');
    await latest.getByText('Erfolgreich', { exact: true }).waitFor();
    await latest.getByText(/^\d+ Sitzungen? und \d+ Anmeldezähler gelöscht\.$/).waitFor();
    const log = (await latest.getByTestId('task-run-log').textContent()) ?? '';
    expect(log).toMatch(/^\d{2}:\d{2}:\d{2} \d+ abgelaufene Sitzungen? gelöscht\./);
    expect(log).toContain('erledigte Anmeldezähler gelöscht.');
    // The table shows the last fire and its outcome.
    await waitUntil(
      async () => DATE_TIME.test((await row.getByTestId('last-fire').textContent())?.slice(0, 14) ?? ''),
      'last fire shown',
    );
    await row.getByText('Geplant', { exact: true }).waitFor();

    // Edit the schedule: a bad cron expression shows the server's German message at the field.
    let dialog = await openScheduleDialog(page);
    await dialog.getByRole('radio', { name: 'Cron-Ausdruck' }).check();
    const cron = dialog.getByRole('textbox', { name: 'Cron-Ausdruck' });
    await cron.fill('61 * * * *');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog
      .getByText(
        'Das Feld „Minute“ („61“) ist ungültig. Erlaubt sind 0–59, Listen (1,15), Bereiche (1-5) und Schritte (*/5).',
      )
      .waitFor();
    await cron.fill('0 3');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText(/^Ein Cron-Ausdruck hat fünf durch Leerzeichen getrennte Felder/).waitFor();
    // A good one: the preview reads it in words; saving shows it in the table.
    await cron.fill('*/5 * * * *');
    await dialog.getByText('Ergebnis: alle 5 Minuten').waitFor();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Der Zeitplan von „${TASK}“ wurde gespeichert.`).waitFor();
    await row.getByText('alle 5 Minuten', { exact: true }).waitFor();
    await row.getByText('*/5 * * * *', { exact: true }).waitFor();

    // A fixed interval: too short is refused with the German message, then 15 minutes are kept.
    dialog = await openScheduleDialog(page);
    await dialog.getByRole('radio', { name: 'Festes Intervall' }).check();
    const every = dialog.getByRole('textbox', { name: 'Alle' });
    await every.fill('0');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte geben Sie eine ganze Zahl größer als 0 an.').waitFor();
    await every.fill('5');
    await dialog.getByRole('combobox', { name: 'Einheit' }).click();
    await page.getByRole('option', { name: 'Sekunden' }).click();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Das Intervall muss mindestens 10 Sekunden betragen.').waitFor();
    await every.fill('15');
    await dialog.getByRole('combobox', { name: 'Einheit' }).click();
    await page.getByRole('option', { name: 'Minuten' }).click();
    await dialog.getByText('Ergebnis: alle 15 Minuten').waitFor();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('alle 15 Minuten', { exact: true }).waitFor();
    expect(await row.getByText('*/5 * * * *').count()).toBe(0);

    // Back to the shipped cron schedule, for the other browser tests.
    dialog = await openScheduleDialog(page);
    await dialog.getByRole('radio', { name: 'Cron-Ausdruck' }).check();
    await dialog.getByRole('textbox', { name: 'Cron-Ausdruck' }).fill('*/15 * * * *');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('*/15 * * * *', { exact: true }).waitFor();
    await context.close();
  });

  it('shows the run it started although the runs were still loading when the run was claimed', async () => {
    // The race that made this spec miss its manual run: "Jetzt ausführen" selects the task, so the panel
    // starts the first load of its runs at the same moment as the POST. When the server answered that load
    // before it claimed the run, but the answer reached the page after the POST's, the refresh after the
    // POST reused the load in flight (a first load without data is not cancelled by invalidateQueries) and
    // the panel kept a list without the run: nothing was running any more, so nothing polled again. The
    // routes below force that order instead of hoping for it.
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/taskschedule/edit');
    await taskRow(page).waitFor();
    // The panel shows the first task (by name), so the runs of this one have not been loaded yet.
    await page.getByRole('region', { name: 'Läufe: Abgelaufene generierte Passwörter löschen' }).waitFor();
    const headers = {
      Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('schutzwerk.token'))}`,
    };
    const taskId = await sessionCleanupId(page, headers);
    const runsUrl = `/api/taskschedule/${taskId}/runs`;

    let runsAnswered!: () => void;
    const runsAnsweredByServer = new Promise<void>((resolve) => {
      runsAnswered = resolve;
    });
    let runStarted!: (runId: number) => void;
    const runAnswered = new Promise<number>((resolve) => {
      runStarted = resolve;
    });
    let postAnswered = false;
    let held = false;
    let listRequested!: () => void;
    const listRefreshRequested = new Promise<void>((resolve) => {
      listRequested = resolve;
    });
    // 1. The first load of this task's runs is answered by the server before the run exists, and held.
    await page.route(
      (url) => url.pathname === runsUrl,
      async (route) => {
        const response = await route.fetch();
        runsAnswered();
        await runAnswered;
        await listRefreshRequested; // the page has handled the POST's answer and refreshed its queries
        await route.fulfill({ response }).catch(() => undefined); // cancelled by the page: fine
      },
      { times: 1 },
    );
    // 2. The POST reaches the server only after that load was answered.
    await page.route(
      (url) => url.pathname === `/api/taskschedule/${taskId}/run`,
      async (route) => {
        await runsAnsweredByServer;
        const response = await route.fetch();
        const body = (await response.json()) as { data: { runId: number } };
        await route.fulfill({ response });
        postAnswered = true;
        runStarted(body.data.runId);
      },
      { times: 1 },
    );
    // 3. The task list's refresh after the POST is answered once the run has finished on the server, so
    //    the page sees no running task (which would make it poll and hide the race).
    await page.route(
      (url) => url.pathname === '/api/taskschedule/list',
      async (route) => {
        if (!postAnswered || held) return route.continue(); // the list's own refresh every 15 s
        held = true;
        listRequested();
        const runId = await runAnswered;
        await waitUntil(async () => {
          const answer = await page.request.get(`${runsUrl}?limit=20`, { headers });
          const runs = ((await answer.json()) as { data: { rows: { id: number; outcome: string | null }[] } })
            .data.rows;
          return runs.some((run) => run.id === runId && run.outcome !== null);
        }, 'the run finishes on the server');
        await route.continue();
      },
    );

    await page.getByRole('button', { name: `Jetzt ausführen: ${TASK}` }).click();
    const runId = await runAnswered;
    await page.getByText(`Die Aufgabe „${TASK}“ wurde gestartet.`).waitFor();
    const panel = page.getByRole('region', { name: `Läufe: ${TASK}` });
    await panel.locator(`[data-run-id="${runId}"][data-outcome="ok"]`).waitFor();
    await context.close();
  });

  it('is not in the menu, and refused, without TASK_SCHEDULE_VIEW', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'mitarbeiter');
    expect(await drawer(page).getByRole('link', { name: 'Aufgabenplanung' }).count()).toBe(0);
    await page.goto('/taskschedule/edit');
    await page.getByText('Keine Berechtigung.').waitFor();
    await context.close();
  });
});
