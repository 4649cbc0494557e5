import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cellKey } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { Questionnaire } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useComment } from '../api/questionnaires-api.ts';

type Props = { questionnaire: Questionnaire; segment: Questionnaire['segments'][number] };

/**
 * A comment on a question of a segment linked to a hazard brick: creates or updates the brick's hazard in
 * the questionnaire's hazard assessment (checklist comment creation; the server's errors shown as sent).
 */
export function CommentForm({ questionnaire, segment }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const headingId = useId();
  const send = useComment(questionnaire.id);
  const questions = segment.entries.flatMap((e) =>
    e.checklist.cells
      .filter((c) => c.element.type !== 'total')
      .map((c) => ({
        value: `${e.checklist.id}:${cellKey(c.row, c.column)}`,
        label: `${e.checklist.label} – ${c.element.label}`,
      })),
  );
  const [question, setQuestion] = useState(questions[0]?.value ?? '');
  const [text, setText] = useState('');
  const submit = () => {
    const [checklistId, cell] = question.split(':');
    send.mutate(
      {
        treeVersion: questionnaire.version,
        segmentKey: segment.key,
        collectionId: segment.collectionId,
        checklistId: checklistId ? Number(checklistId) : null,
        cell: cell ?? '',
        brickGuid: segment.brickIdentifier,
        comment: text,
      },
      {
        onSuccess: (r) => {
          setText('');
          notify(r.created ? t('questionnaires.comment.created') : t('questionnaires.comment.updated'));
        },
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Stack spacing={1.5}>
        <Typography id={headingId} variant="subtitle2" component="h3">
          {t('questionnaires.comment.title')}: {segment.brickTitle}
        </Typography>
        {send.error && (
          <Alert severity="error" role="alert">
            {errorMessage(send.error, t)}
          </Alert>
        )}
        <TextField
          select
          label={t('questionnaires.comment.question')}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
        >
          {questions.map((q) => (
            <MenuItem key={q.value} value={q.value}>
              {q.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          multiline
          minRows={2}
          label={t('questionnaires.comment.text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          variant="outlined"
          onClick={submit}
          disabled={send.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('questionnaires.comment.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
