import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { errorCatalogue } from '@schutzwerk/shared/errors.ts';
import type { AssignmentRow } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import {
  classifyRemoval,
  REASON_MAX_LENGTH,
  REMOVAL_ACTION_LABELS,
  REMOVAL_ACTIONS,
  REMOVAL_CLASSIFICATION_FIELDS,
  type RemovalAction,
} from '@schutzwerk/shared/instructions/removals.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useRemoveAssignment } from '../api/remove-assignment.ts';
import type { TopicChoice } from '../topic-draft.ts';
import { TopicPickerField } from './topic-picker-field.tsx';

/** The German message of each gap, the same the server answers (spec §8: −1 … −4). */
const GAP_MESSAGES = {
  '-1': errorCatalogue.REMOVAL_ACTION_REQUIRED.message,
  '-2': errorCatalogue.REMOVAL_ELEMENT_REQUIRED.message,
  '-3': errorCatalogue.REMOVAL_REASON_REQUIRED.message,
  '-4': errorCatalogue.REMOVAL_REASON_NOT_SENTENCES.message,
} as const;

/**
 * Removing an open item (decision 080): the action (why the employee no longer has to complete it), the replacing
 * topic for „ersetzt“, the reason in full sentences. The same classification as the server's is checked before
 * sending and names the first gap at its field; a refusal (stale version, started meanwhile) keeps what was typed.
 */
export function RemoveAssignmentDialog({
  row,
  onClose,
  onRemoved,
}: {
  row: AssignmentRow;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const remove = useRemoveAssignment();
  const [action, setAction] = useState<RemovalAction | ''>('');
  const [replacement, setReplacement] = useState<TopicChoice | null>(null);
  const [reason, setReason] = useState('');
  const [gap, setGap] = useState<{ field: string; message: string } | null>(null);
  const serverFields = fieldErrors(remove.error);
  const fieldMessage = (field: string) => (gap?.field === field ? gap.message : serverFields[field]);
  const generalError = remove.error && Object.keys(serverFields).length === 0 ? remove.error : null;

  const submit = () => {
    const input = {
      version: row.version,
      action: action || null,
      replacementTopicId: action === 'replaced' ? (replacement?.id ?? null) : null,
      reason,
    };
    const classification = classifyRemoval(input);
    if (classification !== 0) {
      setGap({ field: REMOVAL_CLASSIFICATION_FIELDS[classification], message: GAP_MESSAGES[classification] });
      return;
    }
    setGap(null);
    remove.mutate({ id: row.id, input }, { onSuccess: onRemoved });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('instructions.removal.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <DialogContentText>
          {t('instructions.removal.text', {
            name: row.employeeName,
            topic: `${row.topicIdentifier} ${row.topicLabel}`,
          })}
        </DialogContentText>
        {generalError && (
          <Alert severity="error" role="alert">
            {errorMessage(generalError, t)}
          </Alert>
        )}
        <TextField
          select
          label={t('instructions.removal.action')}
          value={action}
          onChange={(e) => {
            setAction(e.target.value as RemovalAction);
            setGap(null);
          }}
          required
          error={Boolean(fieldMessage('action'))}
          helperText={fieldMessage('action')}
        >
          {REMOVAL_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {REMOVAL_ACTION_LABELS[a]}
            </MenuItem>
          ))}
        </TextField>
        {action === 'replaced' && (
          <TopicPickerField
            value={replacement}
            onChange={(value) => {
              setReplacement(value);
              setGap(null);
            }}
            selfId={row.topicId}
            error={Boolean(fieldMessage('replacementTopicId'))}
            helperText={fieldMessage('replacementTopicId')}
            texts={{
              label: t('instructions.removal.replacement'),
              choose: t('instructions.removal.chooseReplacement'),
              clear: t('instructions.removal.clearReplacement'),
              self: t('instructions.removal.replacementIsSelf'),
              testId: 'removal-replacement-field',
            }}
          />
        )}
        <TextField
          label={t('instructions.removal.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (gap?.field === 'reason') setGap(null);
          }}
          required
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
          error={Boolean(fieldMessage('reason'))}
          helperText={fieldMessage('reason') ?? t('instructions.removal.reasonHint')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('instructions.cancel')}</Button>
        <Button variant="contained" color="error" disabled={remove.isPending} onClick={submit}>
          {t('instructions.removal.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
