import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FEEDBACK_MAX_LENGTH } from '@schutzwerk/shared/instructions/run.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { sendFeedback } from '../api/run-api.ts';

/**
 * The feedback dialog (spec: a message is required, mailed to the supervisor): the answer's code is shown in
 * German (0x800 sent, 0x502 no supervisor, 0x803 no template; 0x000 and 0x501 as errors).
 */
export function FeedbackDialog({
  assignmentId,
  open,
  onClose,
}: {
  assignmentId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const send = useMutation({
    mutationFn: () => sendFeedback(assignmentId, { message }),
    onSuccess: (result) => {
      notify(result.message, result.code === '0x800' ? 'success' : 'warning');
      setMessage('');
      setSubmitted(false);
      onClose();
    },
  });
  const empty = message.trim() === '';
  const fieldError = submitted && empty ? t('instructionRun.feedbackRequired') : null;
  const serverError = send.error ? errorMessage(send.error, t) : null;
  return (
    <Dialog open={open} onClose={send.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (!empty) send.mutate();
        }}
      >
        <DialogTitle id={titleId}>{t('instructionRun.feedbackTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('instructionRun.feedbackText')}</DialogContentText>
          <TextField
            autoFocus
            multiline
            minRows={4}
            fullWidth
            required
            label={t('instructionRun.feedbackMessage')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            error={Boolean(fieldError ?? serverError)}
            helperText={fieldError ?? serverError ?? ' '}
            slotProps={{ htmlInput: { maxLength: FEEDBACK_MAX_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending}>
            {t('instructionRun.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {t('instructionRun.feedbackSend')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
