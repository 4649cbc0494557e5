import CssBaseline from '@mui/material/CssBaseline';
import { StyledEngineProvider, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { NotificationProvider } from '#components/notifications/notifications.tsx';
import { SessionSync } from '#features/auth/components/session-sync.tsx';
import { i18n } from '#i18n/i18n.ts';
import { createQueryClient } from './query-client.ts';
import { phoneTheme, theme } from './theme.ts';

/**
 * App-wide providers. MUI styles are injected first in <head> so the operator's /custom.css (linked in
 * index.html) comes after them and wins. `client`: a query client made (and already fetching) before the
 * first render; without it one is made here. Below 600 px the phone theme applies (full-screen dialogs).
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <StyledEngineProvider injectFirst>
          <ThemeProvider theme={phone ? phoneTheme : theme}>
            <CssBaseline />
            <NotificationProvider>
              <SessionSync />
              {children}
            </NotificationProvider>
          </ThemeProvider>
        </StyledEngineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
