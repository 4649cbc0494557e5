import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAIL_OUTBOX_STATES, type MailOutboxState } from '@schutzwerk/shared/mail/mail.schema.ts';
import { MAIL_PURPOSE_LABELS, type MailPurpose } from '@schutzwerk/shared/mail/mail-template.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useOutbox } from './api/get-outbox.ts';
import { useResendMail } from './api/resend-mail.ts';

const STATE_COLOR = { queued: 'info', sending: 'warning', sent: 'success', failed: 'error' } as const;

/** Postausgang: the most recent mails with state, attempts and last error; failed ones can be sent again. */
export default function OutboxTab() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const canResend = canAny([P.MAIL_LOG, P.MAIL_SETTINGS_EDIT]);
  const [state, setState] = useState<MailOutboxState | 'all'>('all');
  const outbox = useOutbox(state);
  const resend = useResendMail();

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
      component="section"
      aria-label={t('mail.tabs.outbox')}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
            {t('mail.tabs.outbox')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('mail.outbox.description')}
          </Typography>
        </Box>
        <TextField
          select
          size="small"
          label={t('mail.outbox.state')}
          value={state}
          onChange={(e) => setState(e.target.value as MailOutboxState | 'all')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{t('mail.outbox.allStates')}</MenuItem>
          {MAIL_OUTBOX_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`mail.outbox.states.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={() => outbox.refetch()} disabled={outbox.isFetching}>
          {t('mail.outbox.refresh')}
        </Button>
      </Box>
      {outbox.isPending ? (
        <CircularProgress aria-label={t('mail.loading')} />
      ) : outbox.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(outbox.error, t)}
        </Alert>
      ) : outbox.data.length === 0 ? (
        <Typography>{t('mail.outbox.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('mail.tabs.outbox')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('mail.outbox.createdAt')}</TableCell>
                <TableCell>{t('mail.outbox.to')}</TableCell>
                <TableCell>{t('mail.outbox.subject')}</TableCell>
                <TableCell>{t('mail.outbox.purpose')}</TableCell>
                <TableCell>{t('mail.outbox.state')}</TableCell>
                <TableCell align="right">{t('mail.outbox.attempts')}</TableCell>
                <TableCell>{t('mail.outbox.next')}</TableCell>
                <TableCell>{t('mail.outbox.lastError')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {outbox.data.map((mail) => (
                <TableRow key={mail.id} data-testid={`outbox-${mail.id}`}>
                  <TableCell>{formatDateTime(mail.createdAt)}</TableCell>
                  <TableCell>{mail.to}</TableCell>
                  <TableCell>{mail.subject}</TableCell>
                  <TableCell>{MAIL_PURPOSE_LABELS[mail.purpose as MailPurpose] ?? mail.purpose}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATE_COLOR[mail.state]}
                      label={t(`mail.outbox.states.${mail.state}`)}
                    />
                  </TableCell>
                  <TableCell align="right">{mail.attempts}</TableCell>
                  <TableCell>
                    {mail.state === 'sent' && mail.sentAt
                      ? t('mail.outbox.sentAt', { at: formatDateTime(mail.sentAt) })
                      : mail.nextAttemptAt
                        ? formatDateTime(mail.nextAttemptAt)
                        : ''}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 320, wordBreak: 'break-word' }}>
                    {mail.lastError ?? ''}
                  </TableCell>
                  <TableCell>
                    {mail.state === 'failed' && canResend ? (
                      <Button
                        size="small"
                        disabled={resend.isPending}
                        onClick={() =>
                          resend.mutate(mail.id, {
                            onSuccess: () => notify(t('mail.outbox.resent')),
                            onError: (error) => notify(errorMessage(error, t), 'error'),
                          })
                        }
                      >
                        {t('mail.outbox.resend')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
