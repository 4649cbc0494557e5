import type { Locator, Page } from 'playwright-core';
import { gridTotal, waitUntil } from './browser.ts';

/** Helpers of the employee browser tests: unique test employees, the record page's tabs and fields. */
export const suffix = Date.now().toString(36).slice(-6).toUpperCase();
let counter = 0;

export type NewEmployee = {
  number: string;
  lastName: string;
  firstName: string;
  login?: string;
  password?: string;
};

export function nextEmployee(lastName: string): NewEmployee {
  counter += 1;
  return { number: `E2E-${suffix}-${counter}`, lastName: `${lastName} ${suffix}`, firstName: 'Erika' };
}

export const heading = (page: Page) => page.getByTestId('employee-heading');
export const panel = (page: Page) => page.getByRole('tabpanel');
export const input = (page: Page, label: string, exact = true) => panel(page).getByLabel(label, { exact });

export async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await waitUntil(async () => (await tab.getAttribute('aria-selected')) === 'true', `tab ${name} selected`);
}

export async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByText('Der Mitarbeiter wurde gespeichert.').waitFor();
}

export async function openCreateDialog(page: Page): Promise<Locator> {
  await page.goto('/employee/list');
  await gridTotal(page, 'Mitarbeiter');
  await page.getByRole('button', { name: 'Neu', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Mitarbeiter anlegen' });
  await dialog.waitFor();
  return dialog;
}

/** Creates an employee through the dialog and returns its id (the page shows the new record). */
export async function createEmployee(page: Page, employee: NewEmployee): Promise<number> {
  const dialog = await openCreateDialog(page);
  await dialog.getByLabel('Personalnummer').fill(employee.number);
  await dialog.getByLabel('Nachname').fill(employee.lastName);
  await dialog.getByLabel('Vorname').fill(employee.firstName);
  if (employee.login) await dialog.getByLabel('Benutzername').fill(employee.login);
  if (employee.password) await dialog.getByLabel('Passwort').fill(employee.password);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await page.waitForURL(/\/employee\/\d+$/);
  await heading(page)
    .getByText(`${employee.lastName}, ${employee.firstName} (${employee.number})`, { exact: true })
    .waitFor();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

export async function openEmployee(page: Page, id: number, employee: NewEmployee): Promise<void> {
  await page.goto(`/employee/${id}`);
  await heading(page).getByText(employee.lastName, { exact: false }).waitFor();
}
