import { casCheckDigit, ecCheckDigit } from '@schutzwerk/shared/substances/cas-ec.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/api.ts';
import { drawer, gridTotal, launchBrowser, listRows, newPage, signIn, waitUntil } from './support/browser.ts';

const suffix = Date.now().toString(36).toUpperCase();

/** A CAS and an EC number with right check digits that no other test uses. */
function uniqueNumbers() {
  const seed = Date.now() % 900_000;
  const casBody = String(100_000 + seed); // 6 digits, no leading zero
  const cas = `${casBody.slice(0, 4)}-${casBody.slice(4)}-${casCheckDigit(casBody)}`;
  let ecBody = String(600_000 + (seed % 300_000));
  while (ecCheckDigit(ecBody) === 10) ecBody = String(Number(ecBody) + 1);
  const ec = `${ecBody.slice(0, 3)}-${ecBody.slice(3)}-${ecCheckDigit(ecBody)}`;
  const wrongCas = `${cas.slice(0, -1)}${(Number(cas.at(-1)) + 1) % 10}`;
  return { cas, ec, wrongCas };
}

describe('hazardous substances register', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a substance (bad CAS check digit refused), picks H statements, shows the derived label, releases and saves into a new version', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/');
    await drawer(page).getByRole('link', { name: 'Gefahrstoffe', exact: true }).click();
    await page.waitForURL(/\/substances\/list$/);

    // Create: a wrong check digit is refused with the German message, then the right number goes through.
    const { cas, ec, wrongCas } = uniqueNumbers();
    const name = `Ethanol-Prüfstoff ${suffix}`;
    await page.getByRole('button', { name: 'Neu', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Gefahrstoff anlegen' });
    await create.getByLabel('Bezeichnung').fill(name);
    await create.getByLabel('CAS-Nummer').fill(wrongCas);
    await create.getByLabel('EG-Nummer').fill(ec);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create
      .getByText('Die Prüfziffer der CAS-Nummer stimmt nicht. Bitte prüfen Sie die Nummer.')
      .waitFor();
    await create.getByLabel('EG-Nummer').fill('200-578');
    await create.getByLabel('CAS-Nummer').fill(cas);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await create
      .getByText('Die EG-Nummer hat das Format 3 Ziffern, 3 Ziffern und eine Prüfziffer', { exact: false })
      .waitFor();
    await create.getByLabel('EG-Nummer').fill(ec);
    await create.getByRole('button', { name: 'Anlegen' }).click();
    await page.waitForURL(/\/substances\/\d+$/);
    await page.getByText('Der Gefahrstoff wurde angelegt.').waitFor();
    const designation = page.getByRole('textbox', { name: 'Bezeichnung' });
    await waitUntil(async () => (await designation.inputValue()) === name, 'editor shows the substance');
    expect(await page.getByRole('textbox', { name: 'CAS-Nummer' }).inputValue()).toBe(cas);
    await page.getByRole('heading', { name: '16. Sonstige Angaben' }).waitFor();

    // Pick H225 and H319 from the CLP catalogue: flame and exclamation mark, signal word Gefahr.
    const label = page.getByTestId('substance-label');
    await label.getByText('Keine Piktogramme').waitFor();
    const pick = async (codes: string[]) => {
      await page.getByRole('button', { name: 'Hinweise wählen' }).click();
      const picker = page.getByRole('dialog', { name: 'Hinweise aus dem CLP-Katalog wählen' });
      for (const code of codes) {
        await picker.getByLabel('Code oder Text suchen').fill(code);
        // Combined codes contain the code too (H331 → H301+H311+H331): click the row of the code itself.
        await picker
          .locator('[data-loaded="true"]')
          .filter({ has: page.getByText(code, { exact: true }) })
          .first()
          .click();
      }
      await picker.getByRole('button', { name: 'Übernehmen' }).click();
      await picker.waitFor({ state: 'hidden' });
    };
    await pick(['H225', 'H319']);
    const statements = page.getByTestId('substance-statements');
    await statements.getByText('Flüssigkeit und Dampf leicht entzündbar.').waitFor();
    await statements.getByText('Verursacht schwere Augenreizung.').waitFor();
    await label.getByRole('img', { name: 'GHS02: Flamme' }).waitFor();
    await label.getByRole('img', { name: 'GHS07: Ausrufezeichen' }).waitFor();
    expect(await page.getByTestId('substance-signal-word').textContent()).toBe('Gefahr');

    // GHS06 supersedes GHS07 (Art. 26 CLP).
    await pick(['H331']);
    await label.getByRole('img', { name: 'GHS06: Totenkopf mit gekreuzten Knochen' }).waitFor();
    await label.getByRole('img', { name: 'GHS07: Ausrufezeichen' }).waitFor({ state: 'detached' });

    // A non-numeric temperature is refused with the German message; a comma decimal is saved.
    const boiling = page.getByRole('textbox', { name: 'Siedepunkt (°C)' });
    await boiling.fill('heiß');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Temperatur muss eine Zahl in °C sein', { exact: false }).waitFor();
    await boiling.fill('78,3');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Gefahrstoff wurde gespeichert.').waitFor();
    expect(await boiling.inputValue()).toBe('78,3');
    await page.getByTestId('substance-version').getByText('Version 1', { exact: false }).waitFor();

    // Release agreed: version 1 is fixed.
    await page.getByRole('button', { name: 'Freigabe …' }).click();
    const release = page.getByRole('dialog', { name: 'Freigabe des Gefahrstoffs' });
    await release.getByLabel('Kommentar zur Freigabe').fill('Sicherheitsdatenblatt geprüft');
    await release.getByRole('button', { name: 'Zustimmen', exact: true }).click();
    await page.getByText('Die Freigabe wurde erteilt. Version 1 ist festgeschrieben.').waitFor();
    const state = page.getByTestId('substance-release-state');
    await waitUntil(async () => (await state.textContent()) === 'Freigabe erteilt', 'released');

    // An update of the released substance opens version 2 and cancels the release.
    await page.getByRole('textbox', { name: 'Synonym' }).fill('Weingeist');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page
      .getByText('Der Gefahrstoff wurde als Version 2 gespeichert. Die Freigabe wurde aufgehoben.')
      .waitFor();
    await waitUntil(async () => (await state.textContent()) === 'nicht freigegeben', 'release cancelled');
    await page.getByTestId('substance-version').getByText('Version 2', { exact: false }).waitFor();
    const versions = page.getByTestId('substance-versions');
    await waitUntil(async () => (await versions.locator('tbody tr').count()) === 2, 'two versions listed');

    // The register finds it by CAS number and shows the label.
    await drawer(page).getByRole('link', { name: 'Gefahrstoffe', exact: true }).click();
    await page.waitForURL(/\/substances\/list$/);
    await page.getByLabel('Name, Synonym, CAS, EG-Nummer oder Hersteller suchen').fill(cas);
    await waitUntil(async () => (await gridTotal(page, 'Gefahrstoffe')) === 1, 'search by CAS');
    const row = listRows(page, 'Gefahrstoffe').first();
    await row.getByText(name).waitFor();
    await row.getByRole('img', { name: 'GHS06: Totenkopf mit gekreuzten Knochen' }).waitFor();
    await context.close();
  });

  it('warns about a blacklisted statement but saves; release not agreed asks and sets the substance inactive', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/settings/hazmat');
    // The settings tab „Gefahrstoffe“: put EUH066 on the list of unwanted statements.
    const unwanted = page.getByRole('textbox', { name: 'Unerwünschte Hinweise' });
    await unwanted.waitFor();
    const before = await unwanted.inputValue();
    if (!before.includes('EUH066')) {
      await unwanted.fill(before ? `${before}, EUH066` : 'EUH066');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('gespeichert', { exact: false }).first().waitFor();
    }
    const created = await api<{ id: number }>(page, 'POST', 'substances', {
      designation: `Aceton-Sperrprobe ${suffix}`,
      statements: ['H225', 'EUH066'],
    });
    expect(created.status).toBe(201);
    await page.goto(`/substances/${created.data.id}`);
    await page.getByTestId('blacklist-warning').getByText('EUH066: Sperrliste „unerwünscht“').waitFor();

    await page.getByRole('button', { name: 'Freigabe …' }).click();
    await page
      .getByRole('dialog', { name: 'Freigabe des Gefahrstoffs' })
      .getByRole('button', { name: 'Nicht zustimmen' })
      .click();
    const ask = page.getByRole('dialog', { name: 'Gefahrstoff inaktiv setzen?' });
    await ask.getByRole('button', { name: 'Ja, inaktiv setzen' }).click();
    await page.getByText('Die Freigabe wurde abgelehnt.').waitFor();
    await page.getByText('Dieser Gefahrstoff ist inaktiv.').waitFor();
    const state = page.getByTestId('substance-release-state');
    await waitUntil(async () => (await state.textContent()) === 'Freigabe abgelehnt', 'not agreed');
    await context.close();
  });

  it('keeps product groups and package units', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/substances/catalogues');
    const units = page.getByRole('region', { name: 'Verpackungseinheiten' });
    const unit = `Fass 200 l ${suffix}`;
    await units.getByLabel('Neue Bezeichnung').fill(unit);
    await units.getByRole('button', { name: 'Hinzufügen' }).click();
    await units.getByText(unit).waitFor();
    await units.getByLabel('Neue Bezeichnung').fill(unit.toLowerCase());
    await units.getByRole('button', { name: 'Hinzufügen' }).click();
    await units.getByText('Diese Bezeichnung gibt es bereits.').waitFor();
    await units.getByRole('button', { name: `${unit} löschen` }).click();
    await units.getByText(unit, { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });
});
