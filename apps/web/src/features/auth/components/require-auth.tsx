import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useCurrentUser } from '#lib/session/get-current-user.ts';
import { SessionUserContext } from '#lib/session/session.tsx';
import { getSessionEndReason } from '#lib/session/session-end.ts';

// Only an account with an initial password needs it: loaded then (decision 037, first load).
const FirstLoginDialog = lazy(() =>
  import('#features/password/index.ts').then((m) => ({ default: m.FirstLoginDialog })),
);

/** Guard of every page behind the login: no session → /login, remembering where the user wanted to go. */
export function RequireAuth() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: user, isPending, error, refetch, isFetching } = useCurrentUser();

  if (isPending) return <FullPageLoader />;
  if (error && !user) {
    return (
      <Box sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" disabled={isFetching} onClick={() => void refetch()}>
              {t('common.reload')}
            </Button>
          }
        >
          {errorMessage(error, t)}
        </Alert>
      </Box>
    );
  }
  if (!user) {
    const target = `${location.pathname}${location.search}${location.hash}`;
    const remember = getSessionEndReason() !== 'logout' && target !== '/';
    return <Navigate to={remember ? `/login?redirect=${encodeURIComponent(target)}` : '/login'} replace />;
  }
  return (
    <SessionUserContext value={user}>
      {/* An initial or generated password must be replaced first: nothing else is usable (decision 012). */}
      {user.mustChangePassword ? (
        <Suspense fallback={<FullPageLoader />}>
          <FirstLoginDialog user={user} />
        </Suspense>
      ) : (
        <Outlet />
      )}
    </SessionUserContext>
  );
}
