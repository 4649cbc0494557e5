import {
  type LicenseUsage,
  licenseSettings,
  licenseWarnings,
} from '@schutzwerk/shared/settings/license.settings.ts';
import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import type { SettingsService } from './settings.service.ts';

/** Active employees (own staff and temp workers) and active external staff across all portals. */
export async function countLicensed(
  ex: Executor,
): Promise<{ activeEmployees: number; activeExternals: number }> {
  const [row] = await ex
    .select({
      activeEmployees: sql<number>`count(*) filter (where not ${employees.isExternal})::int`,
      activeExternals: sql<number>`count(*) filter (where ${employees.isExternal})::int`,
    })
    .from(employees)
    .where(sql`${employees.active}`);
  return { activeEmployees: row?.activeEmployees ?? 0, activeExternals: row?.activeExternals ?? 0 };
}

/** The licence's limits, today's usage and the warnings near or over them. */
export async function licenseUsage(
  ex: Executor,
  settings: SettingsService,
  today: string,
): Promise<LicenseUsage> {
  const license = await settings.read(licenseSettings, ex);
  const counts = await countLicensed(ex);
  const usage = {
    ...counts,
    maxEmployees: license.maxEmployees,
    maxExternals: license.maxExternals,
    validUntil: license.validUntil,
  };
  return { ...usage, warnings: licenseWarnings(usage, today) };
}

/** Limits and today's counts, as the employee import checks them (code 910). */
export async function installationLicence(ex: Executor, settings: SettingsService) {
  const license = await settings.read(licenseSettings, ex);
  const counts = await countLicensed(ex);
  return { maxEmployees: license.maxEmployees, maxExternals: license.maxExternals, ...counts };
}
