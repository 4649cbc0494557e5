import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { packageProblem, usePackage, useRemovePackage, useUploadPackage } from '../api/scorm-api.ts';

/**
 * The topic's SCORM package (decision 068): the topic's whole content, launched for the employee in a sandboxed
 * frame. Upload, replace and remove need TOPICS_EDIT; only a topic without questions takes a package.
 */
export function TopicScorm({
  topicId,
  questionCount,
  canEdit,
}: {
  topicId: number;
  questionCount: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const inputId = useId();
  const current = usePackage(topicId);
  const upload = useUploadPackage(topicId);
  const remove = useRemovePackage(topicId);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const pkg = current.data ?? null;

  const choose = (file: File | undefined) => {
    if (!file) return;
    upload.reset();
    const refused = packageProblem(file);
    setProblem(refused ? t(`scorm.${refused}`) : null);
    if (refused) return;
    upload.mutate({ file, version: pkg?.version ?? 0 }, { onSuccess: () => notify(t('scorm.saved')) });
  };
  const error =
    problem ??
    (upload.error ? errorMessage(upload.error, t) : current.error ? errorMessage(current.error, t) : null);
  // A topic with its own questions takes no package (and a package topic takes no questions).
  if (!pkg && questionCount > 0 && !canEdit) return null;

  return (
    <Stack spacing={1.5} data-testid="topic-scorm">
      <Typography variant="h6" component="h2">
        {t('scorm.section')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('scorm.sectionHint')}
      </Typography>
      {pkg ? (
        <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="topic-scorm-info">
          {t('scorm.info', { title: pkg.title, version: pkg.scormVersion, name: pkg.fileName })}
        </Typography>
      ) : (
        <Typography color="text.secondary">{t('scorm.none')}</Typography>
      )}
      {error && (
        <Alert severity="error" role="alert" data-testid="scorm-error">
          {error}
        </Alert>
      )}
      {canEdit && !pkg && questionCount > 0 ? (
        <Alert severity="info">{t('scorm.hasQuestions')}</Alert>
      ) : (
        canEdit && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              component="label"
              htmlFor={inputId}
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={upload.isPending || current.isPending}
            >
              {pkg ? t('scorm.replace') : t('scorm.upload')}
              <input
                id={inputId}
                type="file"
                accept="application/zip,.zip"
                hidden
                data-testid="scorm-input"
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </Button>
            {pkg && (
              <Button
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => {
                  remove.reset();
                  setRemoving(true);
                }}
              >
                {t('scorm.remove')}
              </Button>
            )}
          </Stack>
        )
      )}
      <ConfirmDialog
        open={removing}
        title={t('scorm.removeTitle')}
        text={t('scorm.removeText', { name: pkg?.fileName ?? '' })}
        confirmLabel={t('scorm.remove')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(pkg?.version ?? 0, {
            onSuccess: () => {
              setRemoving(false);
              notify(t('scorm.removed'));
            },
          })
        }
      />
    </Stack>
  );
}
