import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type Answers,
  type AnswerValue,
  type Checklist,
  cellKey,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfflineConflict } from './use-offline-fill.ts';

const same = (a: AnswerValue | undefined, b: AnswerValue | undefined) => (a ?? null) === (b ?? null);

/**
 * A conflict between answers kept offline and a newer server state (OFFLINE_CONFLICT): every field whose
 * values differ shows both, the user picks one per field; nothing is overwritten before.
 */
export function OfflineConflictPanel({
  checklist,
  conflict,
  onResolve,
  busy,
}: {
  checklist: Checklist;
  conflict: OfflineConflict;
  onResolve: (answers: Answers, done: boolean) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const show = (v: AnswerValue | undefined, drawing = false) => {
    if (v === undefined || v === null || v === '') return t('checklists.offline.empty');
    // A drawing's path data is shown as its number of strokes (decision 066).
    if (drawing && typeof v === 'string')
      return t('checklists.offline.drawing', { count: v.split('M').length - 1 });
    if (typeof v === 'boolean') return v ? t('checklists.offline.yes') : t('checklists.offline.no');
    if (typeof v === 'number') return v.toLocaleString('de-DE');
    return v;
  };
  const rows = checklist.cells
    .filter((c) => c.element.type !== 'total')
    .map((c) => ({
      key: cellKey(c.row, c.column),
      label: c.element.label,
      drawing: c.element.type === 'drawing',
    }))
    .filter((r) => !same(conflict.mine.answers[r.key], conflict.server.answers[r.key]));
  const doneDiffers = conflict.mine.done !== (conflict.server.status === 'done');
  const [choice, setChoice] = useState<Record<string, 'mine' | 'server'>>({});
  const pick = (key: string) => choice[key] ?? 'mine';
  const apply = () => {
    const answers: Answers = { ...conflict.server.answers };
    for (const r of rows)
      answers[r.key] =
        pick(r.key) === 'mine'
          ? (conflict.mine.answers[r.key] ?? null)
          : (conflict.server.answers[r.key] ?? null);
    // Fields only the server changed and the offline fill left alone keep the server's value.
    const done =
      doneDiffers && pick('done') === 'server' ? conflict.server.status === 'done' : conflict.mine.done;
    onResolve(answers, done);
  };
  const entries = [
    ...rows.map((r) => ({
      key: r.key,
      label: r.label,
      mine: show(conflict.mine.answers[r.key], r.drawing),
      server: show(conflict.server.answers[r.key], r.drawing),
    })),
    ...(doneDiffers
      ? [
          {
            key: 'done',
            label: t('checklists.fill.done'),
            mine: show(conflict.mine.done),
            server: show(conflict.server.status === 'done'),
          },
        ]
      : []),
  ];
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby={headingId} data-testid="offline-conflict">
      <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
        {t('apiErrors.OFFLINE_CONFLICT')}
      </Alert>
      <Typography id={headingId} variant="h6" component="h2">
        {t('checklists.offline.conflictTitle')}
      </Typography>
      <Stack spacing={2} sx={{ mt: 1 }}>
        {entries.map((e) => (
          <RadioGroup
            key={e.key}
            aria-label={e.label}
            value={pick(e.key)}
            onChange={(ev) => setChoice((c) => ({ ...c, [e.key]: ev.target.value as 'mine' | 'server' }))}
          >
            <Typography variant="subtitle2">{e.label}</Typography>
            <FormControlLabel
              value="mine"
              control={<Radio />}
              label={t('checklists.offline.mine', { value: e.mine })}
            />
            <FormControlLabel
              value="server"
              control={<Radio />}
              label={t('checklists.offline.server', { value: e.server })}
            />
          </RadioGroup>
        ))}
        {entries.length === 0 && <Typography>{t('checklists.offline.noDifference')}</Typography>}
        <Stack direction="row">
          <Button variant="contained" onClick={apply} disabled={busy}>
            {t('checklists.offline.apply')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
