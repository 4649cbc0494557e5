import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sendTestMailSchema } from '@schutzwerk/shared/mail/mail.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  MAIL_SECURITY,
  MAIL_SUGGESTED_PORTS,
  type mailSettings,
} from '@schutzwerk/shared/settings/mail.settings.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SettingsForm, useSettingsForm } from '#features/settings/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useSendTestMail } from './api/send-test-mail.ts';

type MailValue = z.output<typeof mailSettings.schema>;

/** Port text → number; anything else is kept as typed so the shared schema names the problem. */
function portFromInput(text: string): number | string {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** SMTP-Einstellungen: server, port, encryption, sign-in, sender; below, the test mail. */
export default function SmtpTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<MailValue>('mail');
  const passwordStored = form.secretsSet.includes('password');
  // Host, port, security or user changed without a new password: saving removes the stored one (decision 025).
  const passwordUnbound = form.secretsToBeRemoved.includes('password');
  const passwordKept = passwordStored && !passwordUnbound && form.value.password === null;
  const text = (
    name: 'host' | 'user' | 'senderAddress' | 'senderName' | 'replyTo',
    maxLength: number,
    type?: string,
  ) => (
    <TextField
      label={t(`mail.smtp.${name}`)}
      value={form.value[name] ?? ''}
      disabled={!form.canEdit}
      onChange={(event) => form.setField(name, event.target.value)}
      error={Boolean(form.errorOf(name))}
      helperText={form.errorOf(name) ?? t(`mail.smtp.${name}Hint`)}
      slotProps={{ htmlInput: { maxLength } }}
      {...(type ? { type } : {})}
    />
  );
  return (
    <Stack spacing={2}>
      <SettingsForm form={form} title={t('mail.tabs.smtp')} description={t('mail.smtp.description')}>
        {text('host', 255)}
        <Box>
          <TextField
            label={t('mail.smtp.port')}
            value={form.value.port === undefined || form.value.port === null ? '' : String(form.value.port)}
            disabled={!form.canEdit}
            onChange={(event) => form.setField('port', portFromInput(event.target.value) as number)}
            error={Boolean(form.errorOf('port'))}
            helperText={form.errorOf('port') ?? t('mail.smtp.portHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            sx={{ maxWidth: 320 }}
            fullWidth
          />
          {form.canEdit ? (
            <Box
              sx={{ display: 'flex', gap: 0.5, mt: 1, flexWrap: 'wrap' }}
              role="group"
              aria-label={t('mail.smtp.portSuggestions')}
            >
              {MAIL_SUGGESTED_PORTS.map((port) => (
                <Chip
                  key={port}
                  size="small"
                  label={String(port)}
                  variant={form.value.port === port ? 'filled' : 'outlined'}
                  onClick={() => {
                    form.setField('port', port);
                    if (port === 465) form.setField('security', 'tls');
                    else if (form.value.security === 'tls') form.setField('security', 'starttls');
                  }}
                />
              ))}
            </Box>
          ) : null}
        </Box>
        <TextField
          select
          label={t('mail.smtp.security')}
          value={form.value.security ?? 'starttls'}
          disabled={!form.canEdit}
          onChange={(event) => form.setField('security', event.target.value as MailValue['security'])}
          error={Boolean(form.errorOf('security'))}
          helperText={form.errorOf('security') ?? t('mail.smtp.securityHint')}
          sx={{ maxWidth: 320 }}
        >
          {MAIL_SECURITY.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`mail.smtp.securities.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {text('user', 200)}
        <Box>
          <TextField
            label={t('mail.smtp.password')}
            type="password"
            autoComplete="new-password"
            value={form.value.password ?? ''}
            placeholder={passwordKept ? '••••••••' : ''}
            disabled={!form.canEdit}
            onChange={(event) => form.setField('password', event.target.value)}
            error={Boolean(form.errorOf('password'))}
            helperText={
              form.errorOf('password') ??
              (form.value.password === ''
                ? passwordStored
                  ? t('mail.smtp.passwordRemoved')
                  : t('mail.smtp.passwordNone')
                : passwordUnbound
                  ? t('mail.smtp.passwordUnbound')
                  : passwordKept
                    ? t('mail.smtp.passwordKept')
                    : !passwordStored && form.value.password === null
                      ? form.value.user
                        ? t('mail.smtp.passwordNeeded')
                        : t('mail.smtp.passwordNone')
                      : t('mail.smtp.passwordHint'))
            }
            slotProps={{ htmlInput: { maxLength: 500 } }}
            fullWidth
          />
          {form.canEdit && passwordStored && !passwordUnbound && form.value.password !== '' ? (
            <Button size="small" sx={{ mt: 0.5 }} onClick={() => form.setField('password', '')}>
              {t('mail.smtp.removePassword')}
            </Button>
          ) : null}
        </Box>
        {text('senderAddress', 200, 'email')}
        {text('senderName', 200)}
        {text('replyTo', 200, 'email')}
      </SettingsForm>
      {form.status === 'ready' ? <TestMail dirty={form.dirty} /> : null}
    </Stack>
  );
}

function TestMail({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { canAny } = usePermissions();
  const canSend = canAny([P.MAIL_SETTINGS_EDIT]);
  const [to, setTo] = useState(user.employee.email ?? '');
  const [touched, setTouched] = useState(false);
  const send = useSendTestMail();
  const check = sendTestMailSchema.shape.to.safeParse(to.trim());
  const toError = touched && !check.success ? check.error.issues[0]?.message : undefined;
  const result = send.data;

  if (!canSend) return null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
      component="section"
      aria-label={t('mail.test.title')}
    >
      <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
        {t('mail.test.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('mail.test.description')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={t('mail.test.to')}
          type="email"
          value={to}
          onChange={(e) => {
            setTo(e.target.value);
            setTouched(true);
          }}
          error={Boolean(toError)}
          helperText={toError ?? (dirty ? t('mail.test.saveFirst') : ' ')}
          sx={{ minWidth: 320 }}
        />
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          disabled={send.isPending || dirty}
          onClick={() => {
            setTouched(true);
            if (check.success) send.mutate(check.data);
          }}
        >
          {send.isPending ? t('mail.test.sending') : t('mail.test.send')}
        </Button>
      </Box>
      {send.isError ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {errorMessage(send.error, t)}
        </Alert>
      ) : null}
      {result && !send.isPending ? (
        <Alert
          severity={result.code === '0x800' ? 'success' : 'error'}
          role="status"
          sx={{ mt: 2 }}
          data-testid="test-mail-result"
        >
          <AlertTitle>{result.message}</AlertTitle>
          {result.serverResponse ? (
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              {t('mail.test.serverResponse', { response: result.serverResponse })}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
    </Paper>
  );
}
