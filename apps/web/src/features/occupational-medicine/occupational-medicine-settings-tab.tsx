import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  type occupationalMedicineSettings,
  PRECAUTION_LEAD_DAYS,
} from '@schutzwerk/shared/settings/occupational-medicine.settings.ts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SettingsForm, useSettingsForm, wholeNumberFromInput } from '#features/settings/index.ts';

type Value = z.output<typeof occupationalMedicineSettings.schema>;

/**
 * Settings „Arbeitsmedizin“ (decision 057): the default interval of follow-up precautions and the lead time; decision
 * 064: the lead time also offers the check-up assignment, and the reminder's own lead time.
 */
export default function OccupationalMedicineSettingsTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<Value>('occupationalMedicine');
  const intervalError = form.errorOf('defaultIntervalMonths');
  const leadError = form.errorOf('leadDays');
  const reminderError = form.errorOf('reminderLeadDays');
  return (
    <SettingsForm
      form={form}
      title={t('occupationalMedicine.settings.tab')}
      description={t('occupationalMedicine.settings.description')}
    >
      <TextField
        type="number"
        label={t('occupationalMedicine.settings.defaultIntervalMonths')}
        value={form.value.defaultIntervalMonths ?? ''}
        onChange={(event) =>
          form.setField('defaultIntervalMonths', wholeNumberFromInput(event.target.value, '') as number)
        }
        disabled={!form.canEdit}
        error={Boolean(intervalError)}
        helperText={intervalError}
        fullWidth
      />
      <TextField
        select
        label={t('occupationalMedicine.settings.leadDays')}
        value={form.value.leadDays ?? 28}
        onChange={(event) => form.setField('leadDays', Number(event.target.value))}
        disabled={!form.canEdit}
        error={Boolean(leadError)}
        helperText={leadError ?? t('occupationalMedicine.settings.leadDaysHelp')}
        fullWidth
      >
        {PRECAUTION_LEAD_DAYS.map((d) => (
          <MenuItem key={d} value={d}>
            {d}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('occupationalMedicine.settings.reminderLeadDays')}
        value={form.value.reminderLeadDays === null ? 'none' : (form.value.reminderLeadDays ?? 14)}
        onChange={(event) =>
          form.setField('reminderLeadDays', event.target.value === 'none' ? null : Number(event.target.value))
        }
        disabled={!form.canEdit}
        error={Boolean(reminderError)}
        helperText={reminderError ?? t('occupationalMedicine.settings.reminderLeadDaysHelp')}
        fullWidth
      >
        <MenuItem value="none">{t('occupationalMedicine.settings.noReminder')}</MenuItem>
        {PRECAUTION_LEAD_DAYS.map((d) => (
          <MenuItem key={d} value={d}>
            {d}
          </MenuItem>
        ))}
      </TextField>
    </SettingsForm>
  );
}
