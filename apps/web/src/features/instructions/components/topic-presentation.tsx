import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import {
  downloadPresentation,
  presentationProblem,
  useRemovePresentation,
  useUploadPresentation,
} from '../api/presentation.ts';

/**
 * The topic's presentation file (decision 044): a PDF whose pages the employee sees one by one in the run-through,
 * with the questions at their slides. Upload, replace and remove need TOPICS_EDIT.
 */
export function TopicPresentation({
  topic,
  canEdit,
  onChanged,
}: {
  topic: Topic;
  canEdit: boolean;
  onChanged: (fresh: Topic) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const inputId = useId();
  const upload = useUploadPresentation(topic.id);
  const remove = useRemovePresentation(topic.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const presentation = topic.presentation;
  const download = useMutation({
    mutationFn: () => downloadPresentation(topic.id),
    onSuccess: ({ blob, fileName }) =>
      saveBlob(blob, fileName ?? presentation?.fileName ?? 'Praesentation.pdf'),
    onError: (failure) => notify(errorMessage(failure, t), 'error'),
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    const refused = presentationProblem(file);
    setProblem(refused ? t(`instructions.${refused}`) : null);
    if (refused) return;
    upload.mutate(
      { file, version: topic.version },
      {
        onSuccess: (fresh) => {
          onChanged(fresh);
          notify(t('instructions.presentationSaved'));
        },
      },
    );
  };
  const error = problem ?? (upload.error ? errorMessage(upload.error, t) : null);

  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t('instructions.presentation')}
      </Typography>
      {presentation ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="topic-presentation">
          <PictureAsPdfIcon color="action" aria-hidden />
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {t('instructions.presentationInfo', { name: presentation.fileName, count: presentation.pages })}
          </Typography>
        </Stack>
      ) : (
        <Typography color="text.secondary" data-testid="topic-presentation-none">
          {t('instructions.presentationNone')}
        </Typography>
      )}
      {error && (
        <Alert severity="error" role="alert" data-testid="presentation-error">
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {presentation && (
          <Button
            startIcon={<DownloadIcon />}
            disabled={download.isPending}
            onClick={() => download.mutate()}
          >
            {t('instructions.presentationDownload')}
          </Button>
        )}
        {canEdit && (
          <>
            <Button
              component="label"
              htmlFor={inputId}
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={upload.isPending}
            >
              {presentation ? t('instructions.presentationReplace') : t('instructions.presentationUpload')}
              <input
                id={inputId}
                type="file"
                accept="application/pdf,.pdf"
                hidden
                data-testid="presentation-input"
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Button>
            {presentation && (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => {
                  remove.reset();
                  setRemoving(true);
                }}
              >
                {t('instructions.presentationRemove')}
              </Button>
            )}
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={removing}
        title={t('instructions.presentationRemoveTitle')}
        text={t('instructions.presentationRemoveText', { name: presentation?.fileName ?? '' })}
        confirmLabel={t('instructions.presentationRemove')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(topic.version, {
            onSuccess: (fresh) => {
              setRemoving(false);
              onChanged(fresh);
              notify(t('instructions.presentationRemoved'));
            },
          })
        }
      />
    </Stack>
  );
}
