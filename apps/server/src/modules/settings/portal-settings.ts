import {
  type InstructionSettings,
  instructionSettingsCategory,
} from '@schutzwerk/shared/settings/instructions.settings.ts';
import type { SettingsCategory } from '@schutzwerk/shared/settings/settings.schema.ts';
import type { z } from 'zod';
import type { Executor } from '#db/client.ts';
import { settingsRepository } from './settings.repository.ts';
import { mergeSettingsValue } from './settings-value.ts';

/**
 * The typed value of a per-portal category (`scope: 'portal'`, no secrets) for server code: the portal's stored
 * value, the defaults where nothing is stored. One primary-key look-up.
 */
export async function readPortalSettings<S extends z.ZodObject>(
  ex: Executor,
  category: SettingsCategory<S>,
  portalId: number,
): Promise<z.output<S>> {
  const c = category as SettingsCategory;
  const row = await settingsRepository.findOfPortal(ex, portalId, c.key);
  return mergeSettingsValue(c, row?.value) as z.output<S>;
}

/**
 * The instructions' settings of a portal (tab „Unterweisungen“): executableDaysBeforeDue, displayDaysBeforeDue,
 * showDoneDays, mailDaysBeforeDue (null = no mail), overdueRepeatDays (null = no repeat), escalateAfterDays
 * (null = never).
 */
export function instructionSettings(ex: Executor, portalId: number): Promise<InstructionSettings> {
  return readPortalSettings(ex, instructionSettingsCategory, portalId);
}
