import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ANSWERS_MAX,
  ANSWERS_MIN,
  type Question,
  type Topic,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { getTopic } from '../api/get-topic.ts';
import { useSaveQuestion } from '../api/save-question.ts';
import {
  emptyQuestionDraft,
  mandatoryCount,
  type QuestionDraft,
  questionDraftOf,
  questionInputOf,
} from '../topic-draft.ts';
import { QuestionImageField } from './question-image-field.tsx';

type Props = {
  open: boolean;
  topic: Topic;
  /** The question to edit; null adds a new one. */
  question: Question | null;
  onClose: () => void;
  onSaved: (topic: Topic) => void;
  /** The topic changed without closing the dialog (the question's image: decision 044). */
  onTopicChanged: (topic: Topic) => void;
};

/** Adds or edits one question: text, 3–5 answers (several may be right), mandatory flag, ranges, messages. */
export function QuestionDialog({ open, ...props }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      {/* Modal unmounts its children once closed: each opening starts from the stored question. */}
      <QuestionForm {...props} titleId={titleId} />
    </Dialog>
  );
}

const draftOf = (q: Question | null): QuestionDraft => (q ? questionDraftOf(q) : emptyQuestionDraft());

const RANGE_FIELDS = [
  ['slideFrom', 'slideTo'],
  ['pageFrom', 'pageTo'],
  ['secondFrom', 'secondTo'],
] as const;

function QuestionForm({
  topic,
  question,
  onClose,
  onSaved,
  onTopicChanged,
  titleId,
}: Omit<Props, 'open'> & { titleId: string }) {
  const { t } = useTranslation();
  const save = useSaveQuestion(topic.id);
  const record = useVersionedDraft<Question | null, QuestionDraft>({
    record: question,
    draftOf,
    fetchLatest: async (base) =>
      base ? ((await getTopic(topic.id)).questions.find((q) => q.id === base.id) ?? base) : null,
  });
  const { base, draft, set, conflict } = record;
  const errors = fieldErrors(save.error);
  const poolOffer = isApiError(save.error) && save.error.code === 'TOPIC_POOL_BELOW_MANDATORY';
  // The mandatory questions once this one is saved: the pool the offer raises to.
  const mandatoryAfter =
    mandatoryCount(topic.questions.filter((q) => q.id !== base?.id)) + (draft.mandatory ? 1 : 0);

  const submit = (raisePoolCount: boolean) => {
    if (save.isPending) return;
    const input = questionInputOf(draft, raisePoolCount);
    save.mutate(
      { questionId: base?.id ?? null, input: base ? { ...input, version: base.version } : input },
      {
        onSuccess: (fresh) => onSaved(fresh),
        onError: record.saveFailed,
      },
    );
  };
  const setAnswer = (i: number, patch: Partial<QuestionDraft['answers'][number]>) =>
    set({ answers: draft.answers.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  const otherError =
    save.error && !conflict && !poolOffer && Object.keys(errors).length === 0
      ? errorMessage(save.error, t)
      : null;

  return (
    <>
      <DialogTitle id={titleId}>
        {base ? t('instructions.editQuestion', { number: base.number }) : t('instructions.newQuestion')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {conflict && (
            <ConflictAlert
              message={t('instructions.questionConflict')}
              onReload={async () => {
                await record.reloadLatest();
                save.reset();
              }}
              reloading={record.reloading}
              announce
            />
          )}
          {poolOffer && (
            <Alert
              severity="warning"
              role="alert"
              action={
                <Button color="inherit" size="small" onClick={() => submit(true)} disabled={save.isPending}>
                  {t('instructions.raisePool', { count: mandatoryAfter })}
                </Button>
              }
            >
              {errorMessage(save.error, t)}
            </Alert>
          )}
          {otherError && (
            <Alert severity="error" role="alert">
              {otherError}
            </Alert>
          )}
          <TextField
            autoFocus
            required
            multiline
            minRows={2}
            label={t('instructions.questionText')}
            value={draft.text}
            onChange={(e) => set({ text: e.target.value })}
            error={Boolean(errors.text)}
            helperText={errors.text}
            fullWidth
          />
          <Box>
            <Stack spacing={1}>
              {draft.answers.map((answer, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: answers are positional and have no id
                <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <FormControlLabel
                    sx={{ mt: 0.5, mr: 0 }}
                    control={
                      <Checkbox
                        checked={answer.right}
                        onChange={(e) => setAnswer(i, { right: e.target.checked })}
                        slotProps={{
                          input: { 'aria-label': t('instructions.answerRight', { number: i + 1 }) },
                        }}
                      />
                    }
                    label={t('instructions.right')}
                  />
                  <TextField
                    size="small"
                    required
                    label={t('instructions.answer', { number: i + 1 })}
                    value={answer.text}
                    onChange={(e) => setAnswer(i, { text: e.target.value })}
                    error={Boolean(errors[`answers.${i}.text`])}
                    helperText={errors[`answers.${i}.text`]}
                    sx={{ flex: 1 }}
                  />
                  <IconButton
                    aria-label={t('instructions.removeAnswer', { number: i + 1 })}
                    disabled={draft.answers.length <= ANSWERS_MIN}
                    onClick={() => set({ answers: draft.answers.filter((_, j) => j !== i) })}
                  >
                    <ClearIcon />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
            <Stack direction="row" sx={{ alignItems: 'center', mt: 1 }}>
              <FormHelperText error={Boolean(errors.answers)} sx={{ flex: 1, m: 0 }}>
                {errors.answers ?? t('instructions.answersHint')}
              </FormHelperText>
              <Button
                startIcon={<AddIcon />}
                disabled={draft.answers.length >= ANSWERS_MAX}
                onClick={() => set({ answers: [...draft.answers, { text: '', right: false }] })}
              >
                {t('instructions.addAnswer')}
              </Button>
            </Stack>
          </Box>
          <FormControlLabel
            control={
              <Switch checked={draft.mandatory} onChange={(e) => set({ mandatory: e.target.checked })} />
            }
            label={t('instructions.mandatory')}
          />
          <Typography variant="subtitle2">{t('instructions.ranges')}</Typography>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' }, gap: 1.5 }}
          >
            {RANGE_FIELDS.flat().map((field) => (
              <TextField
                key={field}
                size="small"
                type="number"
                label={t(`instructions.${field}`)}
                value={draft[field]}
                onChange={(e) => set({ [field]: e.target.value })}
                error={Boolean(errors[field])}
                helperText={errors[field]}
                slotProps={{ htmlInput: { min: 0 } }}
              />
            ))}
          </Box>
          <TextField
            label={t('instructions.rightMessage')}
            value={draft.rightMessage}
            onChange={(e) => set({ rightMessage: e.target.value })}
            error={Boolean(errors.rightMessage)}
            helperText={errors.rightMessage}
            multiline
            fullWidth
          />
          <TextField
            label={t('instructions.wrongMessage')}
            value={draft.wrongMessage}
            onChange={(e) => set({ wrongMessage: e.target.value })}
            error={Boolean(errors.wrongMessage)}
            helperText={errors.wrongMessage}
            multiline
            fullWidth
          />
          <QuestionImageField
            topicId={topic.id}
            question={base}
            onChanged={(fresh) => {
              // The image moved the question's version on: the edits in the form stay on top of it.
              const stored = fresh.questions.find((q) => q.id === base?.id);
              if (stored) record.rebaseOn(stored);
              onTopicChanged(fresh);
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('instructions.cancel')}</Button>
        <Button variant="contained" onClick={() => submit(false)} disabled={save.isPending}>
          {t('instructions.save')}
        </Button>
      </DialogActions>
    </>
  );
}
