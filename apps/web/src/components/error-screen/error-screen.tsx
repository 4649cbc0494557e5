import HomeIcon from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

type Props = {
  status: number;
  message: string;
  hint?: string | undefined;
  homeLink?: boolean;
  actions?: ReactNode;
  /** Fill the whole window (outside the main layout). */
  fullPage?: boolean;
};

/** One look for every error page: status, message, a way on. */
export function ErrorScreen({ status, message, hint, homeLink = true, actions, fullPage = false }: Props) {
  const { t } = useTranslation();
  const title = t('errors.status', { status });
  // Inside the main layout the toolbar names the error; outside it only the browser tab does.
  useToolbar({ title }, { optional: true });
  useDocumentTitle(title);
  return (
    <Box
      sx={{
        flex: 1,
        display: 'grid',
        placeItems: 'center',
        p: 2,
        minHeight: fullPage ? '100vh' : undefined,
        bgcolor: fullPage ? 'background.default' : undefined,
      }}
    >
      <Paper
        role="alert"
        data-status={status}
        variant="outlined"
        sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}
      >
        <Typography
          component="p"
          data-testid="error-status"
          sx={{ fontSize: '3.5rem', fontWeight: 300, color: 'primary.main', lineHeight: 1 }}
        >
          {status}
        </Typography>
        <Typography variant="h1" data-testid="error-message" sx={{ mt: 2, fontSize: '1.4rem' }}>
          {message}
        </Typography>
        {hint ? (
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {hint}
          </Typography>
        ) : null}
        <Box sx={{ mt: 3, display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
          {actions}
          {homeLink ? (
            <Button component={Link} to="/" variant="contained" startIcon={<HomeIcon />}>
              {t('errors.backHome')}
            </Button>
          ) : null}
        </Box>
      </Paper>
    </Box>
  );
}
