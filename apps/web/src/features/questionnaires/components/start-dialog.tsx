import QuizIcon from '@mui/icons-material/Quiz';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { QuestionnaireTypeRow } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { TYPE_SOURCE } from '../api/questionnaires-api.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  /** Starts the questionnaire; resolves when done (the dialog closes), rejects with the server's error. */
  onStart: (input: { typeId: number; title: string }) => Promise<unknown>;
  defaultTitle?: string;
};

/** Picks a questionnaire type (picker checklist_collectiontree: title) and a title, and starts it. */
export function StartQuestionnaireDialog({ open, onClose, onStart, defaultTitle = '' }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [type, setType] = useState<QuestionnaireTypeRow | null>(null);
  const [title, setTitle] = useState(defaultTitle);
  const [picking, setPicking] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<{ type?: string; title?: string; other?: string }>({});
  const close = () => {
    setType(null);
    setTitle(defaultTitle);
    setProblem({});
    onClose();
  };
  const submit = async () => {
    const next = {
      ...(type ? {} : { type: t('questionnaires.start.chooseType') }),
      ...(title.trim() ? {} : { title: t('questionnaires.start.titleRequired') }),
    };
    setProblem(next);
    if (!type || !title.trim()) return;
    setPending(true);
    try {
      await onStart({ typeId: type.id, title: title.trim() });
      close();
    } catch (error) {
      setProblem({ other: errorMessage(error, t) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('questionnaires.start.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {problem.other && (
            <Alert severity="error" role="alert">
              {problem.other}
            </Alert>
          )}
          <PickerField
            label={t('questionnaires.fields.type')}
            value={type?.title ?? ''}
            required
            error={Boolean(problem.type)}
            helperText={problem.type}
            onOpen={() => setPicking(true)}
            onClear={() => setType(null)}
            clearLabel={t('questionnaires.type.clear')}
            choose={{ label: t('questionnaires.start.chooseType'), icon: <QuizIcon /> }}
          />
          <TextField
            required
            label={t('questionnaires.fields.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(problem.title)}
            helperText={problem.title}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('questionnaires.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={pending}>
          {t('questionnaires.start.submit')}
        </Button>
      </DialogActions>
      <PickerDialog<QuestionnaireTypeRow>
        open={picking}
        onClose={() => setPicking(false)}
        source={TYPE_SOURCE}
        params={{ status: 'active' }}
        columns={[{ id: 'title', header: t('questionnaires.fields.title'), render: (r) => r.title, grow: 1 }]}
        getRowId={(r) => r.id}
        onSelect={([r]) => {
          if (r) setType(r);
          setPicking(false);
        }}
      />
    </Dialog>
  );
}
