import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes on a record page: leaving inside the app asks first ('Ungespeicherte Änderungen'),
 * closing or reloading the tab triggers the browser's own warning. `leaving` lets the page go without
 * asking (after delete or when the record is gone). Returns the dialog to render.
 */
export function useUnsavedChangesGuard(dirty: boolean, leaving?: RefObject<boolean>): ReactNode {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving?.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      maxWidth="sm"
      aria-labelledby="unsaved-title"
    >
      <DialogTitle id="unsaved-title">{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('unsaved.text')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('unsaved.stay')}
        </Button>
        <Button color="warning" variant="contained" onClick={() => blocker.proceed?.()}>
          {t('unsaved.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
