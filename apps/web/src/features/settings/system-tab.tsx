import TextField from '@mui/material/TextField';
import type { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SettingsForm } from './components/settings-form.tsx';
import { useSettingsForm } from './use-settings-form.ts';

type SystemValue = z.output<typeof systemSettings.schema>;

/** System: company data and the address of this installation (used in mails and links). */
export default function SystemTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<SystemValue>('system');
  const field = (name: keyof SystemValue & string, maxLength: number, extra: { type?: string } = {}) => (
    <TextField
      label={t(`settings.system.${name}`)}
      value={form.value[name] ?? ''}
      disabled={!form.canEdit}
      onChange={(event) => form.setField(name, event.target.value)}
      error={Boolean(form.errorOf(name))}
      helperText={form.errorOf(name) ?? t(`settings.system.${name}Hint`)}
      slotProps={{ htmlInput: { maxLength } }}
      {...extra}
    />
  );
  return (
    <SettingsForm
      form={form}
      title={t('settings.tabs.system')}
      description={t('settings.system.description')}
    >
      {field('companyName', 200)}
      {field('applicationUrl', 500, { type: 'url' })}
      {field('supportEmail', 200, { type: 'email' })}
      {field('supportPhone', 50, { type: 'tel' })}
    </SettingsForm>
  );
}
