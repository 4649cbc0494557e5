import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useDecideApproval, useInstanceApproval } from '../api/workflow.ts';

/**
 * The approval of a filled checklist in the viewer (decision 066): its state, and for the approvers named in
 * the workflow settings „Freigeben“ or „Ablehnen“ with a reason while it waits.
 */
export function ApprovalPanel({
  checklistId,
  instanceId,
  version,
  onChanged,
}: {
  checklistId: number;
  instanceId: number;
  version: number;
  /** The instance changed on the server (a rejection reopens it). */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const approval = useInstanceApproval(checklistId, instanceId);
  const decide = useDecideApproval(checklistId, instanceId);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const a = approval.data;
  if (!a || (!a.required && a.state === null)) return null;
  const send = (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && comment.trim() === '') {
      setProblem(t('checklistWorkflow.approval.commentNeeded'));
      return;
    }
    setProblem(null);
    decide.mutate(
      { version, decision, comment: comment.trim() },
      {
        onSuccess: () => {
          setComment('');
          notify(
            t(
              decision === 'approve'
                ? 'checklistWorkflow.approval.approvedDone'
                : 'checklistWorkflow.approval.rejectedDone',
            ),
          );
          onChanged();
        },
      },
    );
  };
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby={titleId}>
      <Stack spacing={1.5}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('checklistWorkflow.approval.title')}
        </Typography>
        <Typography data-testid="approval-state">
          {a.state === null
            ? t('checklistWorkflow.approval.needed')
            : t(`checklistWorkflow.approval.${a.state}`, { by: a.decidedBy ?? '', comment: a.comment })}
        </Typography>
        {decide.error && (
          <Alert severity="error" role="alert">
            {errorMessage(decide.error, t)}
          </Alert>
        )}
        {a.mayDecide && a.state === 'submitted' && (
          <>
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('checklistWorkflow.approval.comment')}
              value={comment}
              error={problem !== null}
              helperText={problem}
              onChange={(e) => setComment(e.target.value)}
            />
            <Stack direction="row" spacing={1}>
              <Button variant="contained" disabled={decide.isPending} onClick={() => send('approve')}>
                {t('checklistWorkflow.approval.approve')}
              </Button>
              <Button
                color="error"
                variant="outlined"
                disabled={decide.isPending}
                onClick={() => send('reject')}
              >
                {t('checklistWorkflow.approval.reject')}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
