import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import type { SettingsFormState } from '../use-settings-form.ts';

type Props = {
  // biome-ignore lint/suspicious/noExplicitAny: any category's form
  form: SettingsFormState<any>;
  title: string;
  description?: string;
  children: ReactNode;
};

/**
 * The frame of one settings category: heading, read-only notice, conflict alert with 'Neu laden', save
 * error, the fields, 'Speichern' and the unsaved-changes guard.
 */
export function SettingsForm({ form, title, description, children }: Props) {
  const { t } = useTranslation();
  const guard = useUnsavedChangesGuard(form.dirty);
  const alertRef = useRef<HTMLDivElement>(null);
  const problem = form.conflictMessage ?? form.saveError;
  useEffect(() => {
    if (!problem) return;
    alertRef.current?.scrollIntoView({ block: 'nearest' });
    alertRef.current?.focus({ preventScroll: true });
  }, [problem]);

  if (form.status === 'loading') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('settings.loading')} />
      </Box>
    );
  }
  if (form.status === 'error') {
    return (
      <Alert severity="error" role="alert">
        {errorMessage(form.loadError, t)}
      </Alert>
    );
  }

  return (
    <Stack spacing={2} component="section" aria-label={title}>
      {form.conflictMessage ? (
        <Alert
          ref={alertRef}
          tabIndex={-1}
          severity="warning"
          role="alert"
          data-testid="conflict-alert"
          action={
            <Button color="inherit" size="small" disabled={form.reloading} onClick={form.reload}>
              {t('settings.conflictReload')}
            </Button>
          }
        >
          {form.conflictMessage}
        </Alert>
      ) : null}
      {form.saveError ? (
        <Alert ref={alertRef} tabIndex={-1} severity="error" role="alert" data-testid="save-error">
          {form.saveError}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
              {title}
            </Typography>
            {description ? (
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            ) : null}
          </Box>
          {form.dirty ? <Chip size="small" color="warning" label={t('settings.unsavedChip')} /> : null}
        </Box>
        {form.canEdit ? null : (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="settings-read-only">
            {t('settings.readOnly')}
          </Alert>
        )}
        <Stack
          spacing={2.5}
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (form.canEdit) form.save();
          }}
        >
          {children}
          {form.canEdit ? (
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={!form.dirty || form.saving}>
                {t('settings.save')}
              </Button>
              {form.updatedAt ? (
                <Typography variant="caption" color="text.secondary" data-testid="settings-updated">
                  {t('settings.updatedAt', { at: formatDateTime(form.updatedAt) })}
                </Typography>
              ) : null}
            </Box>
          ) : null}
        </Stack>
      </Paper>
      {guard}
    </Stack>
  );
}
