import { accidentSettings } from './accidents.settings.ts';
import { appointmentSettingsCategory } from './appointments.settings.ts';
import { hazmatSettings } from './hazmat.settings.ts';
import { instructionSettingsCategory } from './instructions.settings.ts';
import { languageSettings } from './language.settings.ts';
import { licenseSettings } from './license.settings.ts';
import { mailSettings } from './mail.settings.ts';
import { occupationalMedicineSettings } from './occupational-medicine.settings.ts';
import { securitySettings } from './security.settings.ts';
import type { SettingsCategory } from './settings.schema.ts';
import { systemSettings } from './system.settings.ts';
import { worksDoctorSettings } from './works-doctor.settings.ts';

/** Every settings category, by key. Add a category here (one line) after defining it in its own file. */
export const settingsCategories: Readonly<Record<string, SettingsCategory>> = {
  [accidentSettings.key]: accidentSettings,
  [appointmentSettingsCategory.key]: appointmentSettingsCategory,
  [hazmatSettings.key]: hazmatSettings,
  [instructionSettingsCategory.key]: instructionSettingsCategory,
  [languageSettings.key]: languageSettings,
  [licenseSettings.key]: licenseSettings,
  [mailSettings.key]: mailSettings,
  [occupationalMedicineSettings.key]: occupationalMedicineSettings,
  [securitySettings.key]: securitySettings,
  [systemSettings.key]: systemSettings,
  [worksDoctorSettings.key]: worksDoctorSettings,
};
