import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_FILE_EXTENSIONS,
  DOCUMENT_MAX_FILE_BYTES,
  type Document,
  fileExtension,
} from '@schutzwerk/shared/documents/documents.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { createDocument } from '../api/create-document.ts';
import { deleteDocument } from '../api/delete-document.ts';
import { documentKeys } from '../api/document-keys.ts';
import { uploadDocumentFile } from '../api/upload-document-file.ts';

type Props = {
  open: boolean;
  /** The document that gets the new version; null: a new document is created from the file (label = file name). */
  document: Pick<Document, 'id' | 'version'> | null;
  onClose: () => void;
  onUploaded: (doc: Document) => void;
  /** A photo from the device's camera (`accept="image/*" capture`), e.g. on the shop floor (decision 059). */
  photo?: boolean;
};

/**
 * Upload of a file version: drag and drop or the file picker, a progress bar while the bytes go out.
 * Type and size are checked here first (the server checks again, by content): German messages at once.
 */
export function UploadDialog({ open, document, onClose, onUploaded, photo = false }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: async (input: { file: File; comment: string }) => {
      if (document)
        return uploadDocumentFile({
          documentId: document.id,
          version: document.version,
          ...input,
          onProgress: setProgress,
        });
      const created = await createDocument({
        label: input.file.name.replace(/\.[^.]+$/, '') || input.file.name,
        type: 0,
      });
      try {
        return await uploadDocumentFile({
          documentId: created.id,
          version: created.version,
          ...input,
          onProgress: setProgress,
        });
      } catch (error) {
        // The document existed only for this file: remove it again (best effort).
        await deleteDocument(created.id, created.version).catch(() => undefined);
        throw error;
      }
    },
    onSuccess: (doc) => queryClient.setQueryData(documentKeys.detail(doc.id), doc),
  });
  const [file, setFile] = useState<File | null>(null);
  const [comment, setComment] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragOver, setDragOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = (chosen: File | undefined) => {
    upload.reset();
    if (!chosen) return;
    if (!(DOCUMENT_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(chosen.name))) {
      setFile(null);
      setLocalError(t('documents.errorType', { name: chosen.name }));
      return;
    }
    if (chosen.size > DOCUMENT_MAX_FILE_BYTES) {
      setFile(null);
      setLocalError(t('documents.errorSize', { name: chosen.name }));
      return;
    }
    setLocalError(null);
    setFile(chosen);
  };

  const close = () => {
    if (upload.isPending) return;
    setFile(null);
    setComment('');
    setLocalError(null);
    setProgress(0);
    upload.reset();
    onClose();
  };

  const submit = () => {
    if (!file) {
      setLocalError(t('documents.errorNoFile'));
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, comment },
      {
        onSuccess: (doc) => {
          setFile(null);
          setComment('');
          onUploaded(doc);
        },
      },
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    choose(event.dataTransfer.files[0]);
  };

  const error = localError ?? (upload.error ? errorMessage(upload.error, t) : null);
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="document-upload-title">
      <DialogTitle id="document-upload-title">{t('documents.uploadTitle')}</DialogTitle>
      <DialogContent>
        <Box
          data-testid="document-dropzone"
          onDragOver={(e) => {
            e.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragOver ? 'primary.main' : 'divider',
            borderRadius: 1,
            p: 3,
            textAlign: 'center',
            bgcolor: dragOver ? 'action.hover' : undefined,
          }}
        >
          <UploadFileIcon color="action" fontSize="large" />
          <Typography>{t('documents.dropHere')}</Typography>
          <Button
            variant="outlined"
            sx={{ mt: 1 }}
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
          >
            {t('documents.chooseFile')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={photo ? 'image/*' : DOCUMENT_ACCEPT}
            {...(photo ? { capture: 'environment' as const } : {})}
            data-testid="document-file-input"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('documents.allowedTypes')}
          </Typography>
          {file && (
            <Typography sx={{ mt: 1 }} data-testid="document-chosen-file">
              {file.name} ({formatNumber(Math.max(1, Math.round(file.size / 1024)))} KB)
            </Typography>
          )}
        </Box>
        <TextField
          label={t('documents.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {upload.isPending && (
          <Box sx={{ mt: 1 }}>
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} />
            <Typography variant="body2">
              {t('documents.uploading', { percent: Math.round(progress * 100) })}
            </Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={upload.isPending}>
          {t('documents.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={upload.isPending}>
          {t('documents.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
