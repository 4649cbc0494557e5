import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';

type Props = {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  /** The server's refusal (e.g. ACTIVITY_IS_SYSTEM), shown in the dialog. */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
};

/** A question with one action (delete, set the role base); the server's German refusal stays in view. */
export function ConfirmActivityDialog({
  open,
  title,
  text,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="confirm-error">
            {errorMessage(error, t)}
          </Alert>
        ) : null}
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{error ? t('common.close') : t('common.cancel')}</Button>
        <Button variant="contained" color="primary" onClick={onConfirm} disabled={pending || Boolean(error)}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
