import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LICENSE_TYPES, type licenseSettings } from '@schutzwerk/shared/settings/license.settings.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatDate, formatNumber } from '#lib/format.ts';
import { licenseUsageQueryOptions } from './api/get-settings.ts';
import { SettingsForm } from './components/settings-form.tsx';
import { useSettingsForm, wholeNumberFromInput } from './use-settings-form.ts';

type LicenseValue = z.output<typeof licenseSettings.schema>;

function Usage({ label, used, max }: { label: string; used: number; max: number | null }) {
  const { t } = useTranslation();
  const ratio = max === null || max === 0 ? 0 : Math.min(100, (used / max) * 100);
  return (
    <Box>
      <Typography variant="body2">
        {label}:{' '}
        {max === null
          ? t('settings.license.usageUnlimited', { used: formatNumber(used) })
          : t('settings.license.usageOf', { used: formatNumber(used), max: formatNumber(max) })}
      </Typography>
      {max === null ? null : (
        <LinearProgress
          variant="determinate"
          value={ratio}
          color={used > max ? 'error' : ratio >= 90 ? 'warning' : 'primary'}
          aria-label={label}
          sx={{ mt: 0.5, height: 8, borderRadius: 1 }}
        />
      )}
    </Box>
  );
}

/** Licence: holder, type, limits and validity, with today's usage and warnings near the limits. */
export default function LicenseTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<LicenseValue>('license');
  const usage = useQuery(licenseUsageQueryOptions());
  const text = (name: 'customerNumber' | 'licensee', maxLength: number) => (
    <TextField
      label={t(`settings.license.${name}`)}
      value={form.value[name] ?? ''}
      disabled={!form.canEdit}
      onChange={(event) => form.setField(name, event.target.value)}
      error={Boolean(form.errorOf(name))}
      helperText={form.errorOf(name)}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
  const count = (name: 'maxEmployees' | 'maxExternals') => (
    <TextField
      label={t(`settings.license.${name}`)}
      value={form.value[name] === null || form.value[name] === undefined ? '' : String(form.value[name])}
      disabled={!form.canEdit}
      onChange={(event) => form.setField(name, wholeNumberFromInput(event.target.value, null))}
      error={Boolean(form.errorOf(name))}
      helperText={form.errorOf(name) ?? t('settings.license.countHint')}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
      sx={{ maxWidth: 320 }}
    />
  );
  return (
    <Stack spacing={2}>
      {usage.data ? (
        <Stack spacing={1.5} data-testid="license-usage">
          {usage.data.warnings.map((warning) => (
            <Alert key={warning} severity="warning">
              {warning}
            </Alert>
          ))}
          <Usage
            label={t('settings.license.activeEmployees')}
            used={usage.data.activeEmployees}
            max={usage.data.maxEmployees}
          />
          <Usage
            label={t('settings.license.activeExternals')}
            used={usage.data.activeExternals}
            max={usage.data.maxExternals}
          />
          {usage.data.validUntil ? (
            <Typography variant="body2">
              {t('settings.license.validUntilInfo', { date: formatDate(usage.data.validUntil) })}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
      <SettingsForm
        form={form}
        title={t('settings.tabs.license')}
        description={t('settings.license.description')}
      >
        {text('customerNumber', 50)}
        {text('licensee', 200)}
        <TextField
          select
          label={t('settings.license.licenseType')}
          value={form.value.licenseType ?? 'standard'}
          disabled={!form.canEdit}
          onChange={(event) =>
            form.setField('licenseType', event.target.value as LicenseValue['licenseType'])
          }
          error={Boolean(form.errorOf('licenseType'))}
          helperText={form.errorOf('licenseType')}
          sx={{ maxWidth: 320 }}
        >
          {LICENSE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`settings.license.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {count('maxEmployees')}
        {count('maxExternals')}
        <TextField
          type="date"
          label={t('settings.license.validUntil')}
          value={form.value.validUntil ?? ''}
          disabled={!form.canEdit}
          onChange={(event) =>
            form.setField('validUntil', event.target.value === '' ? null : event.target.value)
          }
          error={Boolean(form.errorOf('validUntil'))}
          helperText={form.errorOf('validUntil') ?? t('settings.license.validUntilHint')}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 320 }}
        />
      </SettingsForm>
    </Stack>
  );
}
