import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';

type Props = {
  open: boolean;
  name: string;
  versionNumber: number;
  /** Whether the caller may set the substance inactive (then „nicht zustimmen“ asks). */
  canDeactivate: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onDecide: (decision: { agreed: boolean; comment: string; setInactive: boolean }) => void;
};

/**
 * Release agreed or not agreed (spec „Substances“); not agreed asks whether to set the substance inactive.
 */
export function ReleaseDialog({
  open,
  name,
  versionNumber,
  canDeactivate,
  pending,
  error,
  onClose,
  onDecide,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const askId = useId();
  const [comment, setComment] = useState('');
  const [asking, setAsking] = useState(false);
  const close = () => {
    setAsking(false);
    setComment('');
    onClose();
  };
  return (
    <>
      <Dialog open={open && !asking} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('substances.releaseTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('substances.releaseText', { name, number: versionNumber })}
          </DialogContentText>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorMessage(error, t)}
            </Alert>
          ) : null}
          <TextField
            label={t('substances.releaseComment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            margin="normal"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('substances.catalogue.cancel')}</Button>
          <Button
            color="error"
            disabled={pending}
            onClick={() =>
              canDeactivate ? setAsking(true) : onDecide({ agreed: false, comment, setInactive: false })
            }
          >
            {t('substances.disagree')}
          </Button>
          <Button
            variant="contained"
            disabled={pending}
            onClick={() => onDecide({ agreed: true, comment, setInactive: false })}
          >
            {t('substances.agree')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={open && asking} onClose={() => setAsking(false)} aria-labelledby={askId}>
        <DialogTitle id={askId}>{t('substances.setInactiveTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('substances.setInactiveText', { name })}</DialogContentText>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorMessage(error, t)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button disabled={pending} onClick={() => onDecide({ agreed: false, comment, setInactive: false })}>
            {t('substances.setInactiveNo')}
          </Button>
          <Button
            variant="contained"
            color="error"
            disabled={pending}
            onClick={() => onDecide({ agreed: false, comment, setInactive: true })}
          >
            {t('substances.setInactiveYes')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
