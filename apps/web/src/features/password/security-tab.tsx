import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SecuritySettings } from '@schutzwerk/shared/settings/security.settings.ts';
import { useTranslation } from 'react-i18next';
import { SettingsForm, useSettingsForm } from '#features/settings/index.ts';

type NumberField = {
  [K in keyof SecuritySettings]: SecuritySettings[K] extends number | null ? K : never;
}[keyof SecuritySettings];

/** '' → null (only where empty is allowed), digits → number, anything else stays text so the check names it. */
function numberFromInput(text: string, nullable: boolean): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return nullable ? null : (trimmed as unknown as number);
  return /^\d+$/.test(trimmed) ? Number(trimmed) : (trimmed as unknown as number);
}

/** Settings tab 'Sicherheit': the password policy and the session lifetimes (decision 012). */
export default function SecurityTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<SecuritySettings>('security');
  const number = (name: NumberField, nullable = false) => (
    <TextField
      label={t(`password.security.${name}`)}
      value={form.value[name] === null || form.value[name] === undefined ? '' : String(form.value[name])}
      disabled={!form.canEdit}
      onChange={(event) => form.setField(name, numberFromInput(event.target.value, nullable) as never)}
      error={Boolean(form.errorOf(name))}
      helperText={form.errorOf(name) ?? (nullable ? t('password.security.sessionDefaultHint') : undefined)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
      sx={{ maxWidth: 360 }}
    />
  );
  return (
    <SettingsForm
      form={form}
      title={t('password.security.title')}
      description={t('password.security.description')}
    >
      <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('password.security.policyHeading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {number('minLength')}
        {number('maxLength')}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {number('minUppercase')}
        {number('minLowercase')}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {number('minDigits')}
        {number('minSpecial')}
      </Stack>
      <TextField
        label={t('password.security.allowedSpecials')}
        value={form.value.allowedSpecials ?? ''}
        disabled={!form.canEdit}
        onChange={(event) => form.setField('allowedSpecials', event.target.value)}
        error={Boolean(form.errorOf('allowedSpecials'))}
        helperText={form.errorOf('allowedSpecials') ?? t('password.security.allowedSpecialsHint')}
        slotProps={{ htmlInput: { maxLength: 100, spellCheck: false } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(form.value.refuseCommon)}
            disabled={!form.canEdit}
            onChange={(event) => form.setField('refuseCommon', event.target.checked)}
          />
        }
        label={t('password.security.refuseCommon')}
      />
      <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
        {t('password.security.sessionHeading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {number('sessionIdleMinutes', true)}
        {number('sessionAbsoluteHours', true)}
      </Stack>
    </SettingsForm>
  );
}
