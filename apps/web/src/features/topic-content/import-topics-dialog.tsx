import FileUploadIcon from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type {
  ImportTopicEntry,
  ImportTopicsResult,
} from '@schutzwerk/shared/instructions/topics-file.schema.ts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { ApiError } from '#lib/api-client.ts';
import { useImportTopics, usePreviewTopicsImport } from './api/topics-transfer.ts';

type Props = { open: boolean; onClose: () => void; onImported: (result: ImportTopicsResult) => void };

const ACTION_COLOR = { create: 'success', update: 'info', unchanged: 'default', skip: 'default' } as const;

/**
 * „Unterweisungen importieren“ (decision 043): choose a file, see what the import would do topic by topic
 * (new, updated field by field, unchanged, skipped, with notes), choose whether existing topics are updated,
 * then import — all or nothing. A refused file lists each problem with the topic it is in.
 */
export function ImportTopicsDialog({ open, onClose, onImported }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      {open ? <ImportTopicsForm titleId={titleId} onClose={onClose} onImported={onImported} /> : null}
    </Dialog>
  );
}

function ImportTopicsForm({ titleId, onClose, onImported }: Omit<Props, 'open'> & { titleId: string }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [update, setUpdate] = useState(false);
  const preview = usePreviewTopicsImport();
  const importer = useImportTopics();
  const error = importer.error ?? preview.error;

  const runPreview = (content: string, withUpdate: boolean) => {
    importer.reset();
    preview.mutate({ content, update: withUpdate });
  };

  /** The identifier of the n-th topic of the chosen file, for naming where a problem is. */
  const identifierAt = (index: number): string | undefined => {
    try {
      const topics = (JSON.parse(file?.content ?? '') as { topics?: { identifier?: unknown }[] }).topics;
      const identifier = topics?.[index]?.identifier;
      return typeof identifier === 'string' ? identifier : undefined;
    } catch {
      return undefined;
    }
  };
  const problems =
    error instanceof ApiError
      ? (error.details ?? []).map((d) => {
          const path: unknown[] = d.path ?? [];
          const index = path[0] === 'topics' && typeof path[1] === 'number' ? path[1] : undefined;
          if (index === undefined) return d.message;
          const identifier = identifierAt(index);
          return t('topicContent.problemAt', {
            number: index + 1,
            identifier: identifier ? ` (${identifier})` : '',
            message: d.message,
          });
        })
      : [];

  const summary = (e: ImportTopicEntry) => {
    const parts = [...e.changedFields];
    if (e.questionsAdded > 0) parts.push(t('topicContent.questionsAdded', { count: e.questionsAdded }));
    if (e.questionsChanged > 0) parts.push(t('topicContent.questionsChanged', { count: e.questionsChanged }));
    return parts.join(', ');
  };

  return (
    <>
      <DialogTitle id={titleId}>{t('topicContent.importTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2">{t('topicContent.importIntro')}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="topics-import-input"
            onChange={async (event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (!chosen) return;
              const content = await chosen.text();
              setFile({ name: chosen.name, content });
              runPreview(content, update);
            }}
          />
          <Button
            variant="outlined"
            startIcon={<FileUploadIcon />}
            onClick={() => fileInput.current?.click()}
          >
            {t('topicContent.chooseFile')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {file ? file.name : t('topicContent.noFile')}
          </Typography>
        </Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={update}
              onChange={(e) => {
                setUpdate(e.target.checked);
                if (file) runPreview(file.content, e.target.checked);
              }}
            />
          }
          label={t('topicContent.updateExisting')}
        />
        {error ? (
          <Alert severity="error" role="alert">
            {errorMessage(error, t)}
            {problems.length > 0 ? (
              <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </Box>
            ) : null}
          </Alert>
        ) : null}
        {preview.data && !error ? (
          <>
            <Typography role="status">
              {t('topicContent.previewSummary', {
                created: preview.data.created,
                updated: preview.data.updated,
                unchanged: preview.data.unchanged + preview.data.skipped,
              })}
            </Typography>
            <Table size="small" aria-label={t('topicContent.previewTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('topicContent.identifier')}</TableCell>
                  <TableCell>{t('topicContent.label')}</TableCell>
                  <TableCell>{t('topicContent.action')}</TableCell>
                  <TableCell>{t('topicContent.changes')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.data.topics.map((e) => (
                  <TableRow key={e.identifier}>
                    <TableCell>{e.identifier}</TableCell>
                    <TableCell>{e.label}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={ACTION_COLOR[e.action]}
                        label={t(`topicContent.action_${e.action}`)}
                      />
                    </TableCell>
                    <TableCell>
                      {e.action === 'create'
                        ? t('topicContent.questionsAdded', { count: e.questionsAdded })
                        : summary(e)}
                      {e.notes.map((n) => (
                        <Typography key={n} variant="body2" color="text.secondary">
                          {n}
                        </Typography>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={
            !file ||
            !preview.data ||
            Boolean(error) ||
            preview.isPending ||
            importer.isPending ||
            preview.data.created + preview.data.updated === 0
          }
          onClick={() => {
            if (!file) return;
            importer.mutate({ content: file.content, update }, { onSuccess: onImported });
          }}
        >
          {t('topicContent.import')}
        </Button>
      </DialogActions>
    </>
  );
}
