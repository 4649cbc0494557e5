import {
  type LicenseUsage,
  licenseSettings,
  licenseWarnings,
} from '@schutzwerk/shared/settings/license.settings.ts';
import type { Executor } from '#db/client.ts';
import { settingsRepository } from './settings.repository.ts';
import type { SettingsService } from './settings.service.ts';

/** The licence's limits, today's usage and the warnings near or over them. */
export async function licenseUsage(
  ex: Executor,
  settings: SettingsService,
  today: string,
): Promise<LicenseUsage> {
  const license = await settings.read(licenseSettings, ex);
  const counts = await settingsRepository.countLicensed(ex);
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
  const counts = await settingsRepository.countLicensed(ex);
  return { maxEmployees: license.maxEmployees, maxExternals: license.maxExternals, ...counts };
}
