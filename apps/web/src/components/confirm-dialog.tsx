import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';

type Props = {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** The failed attempt's error, shown in German inside the dialog (e.g. why a record cannot be deleted). */
  error?: unknown;
  pending?: boolean;
  /** Destructive actions (delete) are red. */
  destructive?: boolean;
  /** More actions beside confirm, e.g. 'Deaktivieren' offered when deleting is refused. */
  extraActions?: ReactNode;
};

/** The one confirmation dialog (delete, release, inactivate …): title, text, Abbrechen and the action. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  error,
  pending,
  destructive = true,
  extraActions,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{text}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(error, t)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        {extraActions}
        <Button
          color={destructive ? 'error' : 'primary'}
          variant="contained"
          onClick={onConfirm}
          disabled={pending}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
