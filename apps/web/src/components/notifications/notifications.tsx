import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

type Notification = { id: number; message: string; severity: AlertColor };
type Notify = (message: string, severity?: AlertColor) => void;

const NotifyContext = createContext<Notify | null>(null);
const DismissContext = createContext<(() => void) | null>(null);

/** One snackbar for short confirmations ('Ihr Passwort wurde geändert.'). */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Notification | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'success') => {
    setCurrent({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext value={value}>
      <DismissContext value={dismiss}>{children}</DismissContext>
      <Snackbar
        key={current?.id}
        open={open}
        autoHideDuration={current?.severity === 'error' ? 10_000 : 5000}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={current?.severity ?? 'success'}
          variant="filled"
          onClose={() => setOpen(false)}
          sx={{ width: '100%' }}
        >
          {current?.message}
        </Alert>
      </Snackbar>
    </NotifyContext>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify must be used inside <NotificationProvider>');
  return notify;
}

/** Closes the snackbar now, e.g. a stale 'gespeichert' when the next save starts. */
export function useDismissNotification(): () => void {
  const dismiss = useContext(DismissContext);
  if (!dismiss) throw new Error('useDismissNotification must be used inside <NotificationProvider>');
  return dismiss;
}
