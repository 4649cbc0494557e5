import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '#i18n/i18n.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { useExchangeTicket } from './api/exchange-ticket.ts';

/** Tickets already sent: a ticket is single use, so a second effect run must not send it again. */
const sent = new Set<string>();

function ticketFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('ticket');
}

/**
 * /login/sso#ticket=…: the server sent the browser here after the provider's answer. The ticket (in the
 * fragment, which never reaches a server) is exchanged once for the session token; the guest guard then
 * goes on to the remembered page.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('sso.title'));
  const exchange = useExchangeTicket();
  const [ticket] = useState(() => ticketFromHash(window.location.hash));
  const { mutate } = exchange;

  useEffect(() => {
    if (!ticket || sent.has(ticket)) return;
    sent.add(ticket);
    // The ticket leaves the address bar (and the history) at once.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    mutate(ticket);
  }, [ticket, mutate]);

  const failure = !ticket ? t('sso.noTicket') : exchange.error ? errorMessage(exchange.error, t) : null;
  return (
    <Stack spacing={2.5} aria-live="polite">
      <Typography variant="h1" sx={{ fontSize: '1.5rem', textAlign: 'center' }}>
        {t('sso.title')}
      </Typography>
      {failure ? (
        <>
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('sso.backToLogin')}
          </Button>
        </>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'center' }}>
          <CircularProgress size={24} />
          <Typography>{t('sso.signingIn')}</Typography>
        </Box>
      )}
    </Stack>
  );
}
