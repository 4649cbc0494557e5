/** The settings feature's public face for other features (decision 029). */
export { languagesQueryOptions, settingsQueryOptions } from './api/get-settings.ts';
export { SettingsForm } from './components/settings-form.tsx';
export { useSettingsForm, wholeNumberFromInput } from './use-settings-form.ts';
