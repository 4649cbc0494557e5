import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '#components/error-screen/error-screen.tsx';
import { NotFoundPage } from '#components/error-screen/not-found-page.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { isChunkLoadError, reloadOnceForChunkError } from '#lib/chunk-reload.ts';
import { useOnlineStatus } from '../toolbar/online-status.tsx';
import { ForbiddenPage } from './forbidden-page.tsx';

/** errorElement of the routes: message and status (default 500); 403 and 404 get their own screens. */
export function RouteErrorPage({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  // Offline the page is not reloaded automatically (see reloadOnceForChunkError); the button stays.
  const offline = !useOnlineStatus();

  useEffect(() => {
    if (chunkError) reloadOnceForChunkError();
  }, [chunkError]);

  if (!chunkError && !(isApiError(error) && error.status < 500)) {
    console.error(error);
  }

  const reloadButton = (
    <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
      {t('errors.reload')}
    </Button>
  );

  if (chunkError)
    return (
      <ErrorScreen
        status={500}
        message={offline ? t('errors.chunkOffline') : t('errors.chunk')}
        actions={reloadButton}
        fullPage={fullPage}
      />
    );

  let status = 500;
  let message = t('errors.generic');
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = typeof error.data === 'string' && error.data ? error.data : error.statusText || message;
  } else if (isApiError(error)) {
    status = error.status || 500;
    message = errorMessage(error, t);
  }

  if (status === 403) return <ForbiddenPage />;
  if (status === 404) return <NotFoundPage fullPage={fullPage} />;
  return <ErrorScreen status={status} message={message} actions={reloadButton} fullPage={fullPage} />;
}

export function RootErrorPage() {
  return <RouteErrorPage fullPage />;
}
