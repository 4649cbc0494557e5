import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LOCALES } from '@schutzwerk/shared/constants.ts';
import type { languageSettings } from '@schutzwerk/shared/settings/language.settings.ts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SettingsForm } from './components/settings-form.tsx';
import { useSettingsForm } from './use-settings-form.ts';

type LanguageValue = z.output<typeof languageSettings.schema>;

/** Language: which interface languages are active and the default; the last active one stays. */
export default function LanguageTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<LanguageValue>('language');
  const enabled = form.value.enabledLocales ?? [];
  const toggle = (locale: (typeof LOCALES)[number], on: boolean) => {
    const next = on
      ? LOCALES.filter((l) => l === locale || enabled.includes(l))
      : enabled.filter((l) => l !== locale);
    form.setField('enabledLocales', next);
  };
  const listError = form.errorOf('enabledLocales');
  return (
    <SettingsForm
      form={form}
      title={t('settings.tabs.language')}
      description={t('settings.language.description')}
    >
      <FormControl component="fieldset" error={Boolean(listError)} disabled={!form.canEdit}>
        <FormLabel component="legend">{t('settings.language.enabled')}</FormLabel>
        <FormGroup
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}
        >
          {LOCALES.map((locale) => (
            <FormControlLabel
              key={locale}
              control={
                <Checkbox
                  checked={enabled.includes(locale)}
                  onChange={(event) => toggle(locale, event.target.checked)}
                />
              }
              label={`${t(`settings.language.locales.${locale}`)} (${locale})`}
            />
          ))}
        </FormGroup>
        <FormHelperText role={listError ? 'alert' : undefined}>
          {listError ?? t('settings.language.enabledHint')}
        </FormHelperText>
      </FormControl>
      <TextField
        select
        label={t('settings.language.default')}
        value={form.value.defaultLocale ?? ''}
        disabled={!form.canEdit}
        onChange={(event) =>
          form.setField('defaultLocale', event.target.value as LanguageValue['defaultLocale'])
        }
        error={Boolean(form.errorOf('defaultLocale'))}
        helperText={form.errorOf('defaultLocale') ?? t('settings.language.defaultHint')}
        sx={{ maxWidth: 360 }}
      >
        {LOCALES.map((locale) => (
          <MenuItem key={locale} value={locale}>
            {t(`settings.language.locales.${locale}`)} ({locale})
          </MenuItem>
        ))}
      </TextField>
    </SettingsForm>
  );
}
