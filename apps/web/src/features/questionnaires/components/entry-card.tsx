import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import {
  type Answers,
  type AnswerValue,
  cellKey,
  computeResults,
  progressOf,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { QuestionnaireEntry } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ElementInput, useInstanceApproval } from '#features/checklists/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { useSaveEntry } from '../api/questionnaires-api.ts';

type Props = {
  questionnaireId: number;
  entry: QuestionnaireEntry;
  editable: boolean;
  onReload: () => void;
};

/** One checklist of a segment: its questions, progress and „abgeschlossen“, saved on its own. */
export function EntryCard({ questionnaireId, entry, editable, onReload }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const headingId = useId();
  const save = useSaveEntry(questionnaireId, entry.entryId);
  // The stored instance (task and SQL cells store on their own and hand back the fresh one).
  const [instance, setInstance] = useState<ChecklistInstance>(entry.instance);
  const [version, setVersion] = useState(entry.instance.version);
  const [answers, setAnswers] = useState<Answers>(entry.instance.answers);
  const [done, setDone] = useState(entry.instance.status === 'done');
  const [dirty, setDirty] = useState(false);
  const { checklist } = entry;
  // An approved checklist takes no more answers, actions of task cells or SQL values (decisions 066, 070): the
  // server refuses them, so the card shows it read-only. (A filler who may not read the approval keeps the card
  // as it is; the server still decides.)
  const approved =
    useInstanceApproval(checklist.id, entry.instance.id, { optional: true }).data?.state === 'approved';
  const canEdit = editable && !approved;
  const results = useMemo(() => computeResults(checklist, answers), [checklist, answers]);
  const progress = progressOf(checklist, answers);
  const conflict = isApiError(save.error) && save.error.code === 'CONFLICT';
  const failure = save.error && !conflict ? errorMessage(save.error, t) : null;

  const answer = (k: string, v: AnswerValue) => {
    setAnswers({ ...answers, [k]: v });
    setDirty(true);
  };
  const rebase = (fresh: ChecklistInstance) => {
    const changed = Object.entries(fresh.answers).filter(([k, v]) => instance.answers[k] !== v);
    setInstance(fresh);
    setVersion(fresh.version);
    if (changed.length > 0) setAnswers((a) => ({ ...a, ...Object.fromEntries(changed) }));
  };
  const submit = () =>
    save.mutate(
      { version, answers, results, status: done ? 'done' : 'undone' },
      {
        onSuccess: (saved) => {
          setInstance(saved);
          setVersion(saved.version);
          setDirty(false);
          notify(t('questionnaires.view.entrySaved'));
        },
      },
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Stack spacing={1.5}>
        <Typography id={headingId} variant="subtitle1" component="h3">
          {checklist.label}
        </Typography>
        <Box>
          <Typography variant="body2" id={`${headingId}-progress`}>
            {t('questionnaires.view.progress', { progress })}
          </Typography>
          <LinearProgress variant="determinate" value={progress} aria-labelledby={`${headingId}-progress`} />
        </Box>
        {conflict && (
          <Alert
            severity="warning"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={onReload}>
                {t('questionnaires.view.reload')}
              </Button>
            }
          >
            {t('questionnaires.view.entryConflict')}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {checklist.rows.map((row) =>
          checklist.columns.map((col) => {
            const cell = checklist.cells.find((c) => c.row === row.key && c.column === col.key);
            if (!cell) return null;
            const k = cellKey(cell.row, cell.column);
            return (
              <ElementInput
                key={k}
                element={cell.element}
                value={answers[k] ?? null}
                result={results[k]}
                disabled={!canEdit}
                onChange={(v) => answer(k, v)}
                testId={`entry-${entry.entryId}-cell-${k}`}
                context={{ cell: k, checklistId: checklist.id, instance, onInstance: rebase }}
              />
            );
          }),
        )}
        {approved && <Alert severity="info">{t('questionnaires.view.entryApproved')}</Alert>}
        {canEdit && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={done}
                  onChange={(e) => {
                    setDone(e.target.checked);
                    setDirty(true);
                  }}
                />
              }
              label={t('questionnaires.view.done')}
            />
            <Button variant="contained" onClick={submit} disabled={!dirty || save.isPending}>
              {t('questionnaires.view.saveEntry')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
