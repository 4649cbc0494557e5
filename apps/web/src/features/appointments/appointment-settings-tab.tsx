import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  type AppointmentSettings,
  TIME_GRID_OPTIONS,
} from '@schutzwerk/shared/settings/appointments.settings.ts';
import { useTranslation } from 'react-i18next';
import { SettingsForm, useSettingsForm } from '#features/settings/index.ts';

type NumberField = 'safetyOverheadPercent' | 'multiAppointmentSuggestionDays' | 'maxDaysAhead';

/** A typed whole number (also negative: −1 disables the suggestion); '' while the field is empty. */
function signedWholeNumber(input: string): number | '' {
  const trimmed = input.trim().replace('−', '-');
  if (trimmed === '' || trimmed === '-') return '';
  const n = Number(trimmed.replace(',', '.'));
  return Number.isFinite(n) ? Math.trunc(n) : '';
}

/**
 * Settings tab „Termine“ (spec §9, decision 060): the safety overhead in percent, the time grid in minutes, the
 * multi-appointment suggestion in days (−1 disables it) and how far ahead a window's day may lie. One value per
 * portal.
 */
export default function AppointmentSettingsTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<AppointmentSettings>('appointments');
  const shown = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const numberField = (name: NumberField) => (
    <TextField
      label={t(`appointments.settings.${name}`)}
      value={shown(form.value[name])}
      disabled={!form.canEdit}
      onChange={(event) => form.setField(name, signedWholeNumber(event.target.value) as number)}
      error={Boolean(form.errorOf(name))}
      helperText={form.errorOf(name) ?? t(`appointments.settings.${name}Hint`)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
      sx={{ maxWidth: 420 }}
    />
  );
  return (
    <SettingsForm
      form={form}
      title={t('appointments.settings.title')}
      description={t('appointments.settings.description')}
    >
      {numberField('safetyOverheadPercent')}
      <TextField
        select
        label={t('appointments.settings.timeGridMinutes')}
        value={shown(form.value.timeGridMinutes)}
        disabled={!form.canEdit}
        onChange={(event) =>
          form.setField(
            'timeGridMinutes',
            Number(event.target.value) as AppointmentSettings['timeGridMinutes'],
          )
        }
        error={Boolean(form.errorOf('timeGridMinutes'))}
        helperText={form.errorOf('timeGridMinutes') ?? t('appointments.settings.timeGridMinutesHint')}
        sx={{ maxWidth: 420 }}
      >
        {TIME_GRID_OPTIONS.map((option) => (
          <MenuItem key={option} value={String(option)}>
            {t('appointments.minutes', { count: option })}
          </MenuItem>
        ))}
      </TextField>
      {numberField('multiAppointmentSuggestionDays')}
      {numberField('maxDaysAhead')}
    </SettingsForm>
  );
}
