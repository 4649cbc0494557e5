import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Question, Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import {
  imageProblem,
  useQuestionImage,
  useRemoveQuestionImage,
  useUploadQuestionImage,
} from '../api/question-image.ts';

/** An object URL for a Blob, revoked when the Blob changes or the component goes. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The image of a question (decision 044): PNG, JPEG or WebP up to 5 MB, uploaded under the question's version;
 * shown with the question text as its alternative text. A new question gets its image after its first save.
 */
export function QuestionImageField({
  topicId,
  question,
  onChanged,
}: {
  topicId: number;
  question: Question | null;
  onChanged: (fresh: Topic) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const upload = useUploadQuestionImage(topicId);
  const remove = useRemoveQuestionImage(topicId);
  const [problem, setProblem] = useState<string | null>(null);
  const image = useQuestionImage(
    topicId,
    question?.id ?? 0,
    question?.version ?? 0,
    Boolean(question?.hasImage),
  );
  const url = useObjectUrl(question?.hasImage ? image.data : undefined);

  if (!question) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('instructions.imageAfterSave')}
      </Typography>
    );
  }
  const choose = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    remove.reset();
    const refused = imageProblem(file);
    setProblem(refused ? t(`instructions.${refused}`) : null);
    if (!refused)
      upload.mutate({ questionId: question.id, file, version: question.version }, { onSuccess: onChanged });
  };
  const failure = upload.error ?? remove.error;
  const error = problem ?? (failure ? errorMessage(failure, t) : null);

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('instructions.image')}</Typography>
      {question.hasImage && url ? (
        <Box
          component="img"
          src={url}
          alt={question.text}
          data-testid="question-image-preview"
          sx={{ maxWidth: 240, maxHeight: 160, objectFit: 'contain', border: 1, borderColor: 'divider' }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {question.hasImage ? t('instructions.imageLoading') : t('instructions.imageNone')}
        </Typography>
      )}
      {error && (
        <Alert severity="error" role="alert" data-testid="question-image-error">
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          size="small"
          startIcon={<ImageIcon />}
          disabled={upload.isPending}
        >
          {question.hasImage ? t('instructions.imageReplace') : t('instructions.imageUpload')}
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hidden
            data-testid="question-image-input"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
        {question.hasImage && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={remove.isPending}
            onClick={() => {
              setProblem(null);
              upload.reset();
              remove.mutate({ questionId: question.id, version: question.version }, { onSuccess: onChanged });
            }}
          >
            {t('instructions.imageRemove')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
