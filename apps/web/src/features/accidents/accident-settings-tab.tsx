import TextField from '@mui/material/TextField';
import type { accidentSettings } from '@schutzwerk/shared/settings/accidents.settings.ts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SettingsForm, useSettingsForm } from '#features/settings/index.ts';

type AccidentSettingsValue = z.output<typeof accidentSettings.schema>;

/**
 * Settings „Unfallmeldungen“ (decision 056): the company-wide defaults of the accident notice — insurer with its
 * address and the company number. A new report takes them; the notice uses them while a report's fields are empty.
 */
export default function AccidentSettingsTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<AccidentSettingsValue>('accidents');
  const field = (key: keyof AccidentSettingsValue) => {
    const error = form.errorOf(key);
    return (
      <TextField
        key={key}
        label={t(`accidents.settings.${key}`)}
        value={form.value[key] ?? ''}
        onChange={(event) => form.setField(key, event.target.value)}
        disabled={!form.canEdit}
        error={Boolean(error)}
        helperText={error}
        fullWidth
      />
    );
  };
  return (
    <SettingsForm
      form={form}
      title={t('accidents.settings.tab')}
      description={t('accidents.settings.description')}
    >
      {field('insurerName')}
      {field('insurerAddress')}
      {field('companyNumber')}
    </SettingsForm>
  );
}
