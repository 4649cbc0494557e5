import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** A clear banner while the browser is offline (spec shell §2.1: online/offline status is tracked). */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      icon={<CloudOffIcon />}
      role="alert"
      data-testid="offline-banner"
      sx={{ borderRadius: 0 }}
    >
      {t('network.offline')}
    </Alert>
  );
}
