import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DOCUMENT_TYPES, type Document } from '@schutzwerk/shared/documents/documents.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useCreateDocument } from '../api/create-document.ts';

type Props = { open: boolean; onClose: () => void; onCreated: (doc: Document) => void };

/** 'Neues Dokument anlegen': label and type; the rest is filled in on the record page. */
export function CreateDocumentDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateDocument();
  const [label, setLabel] = useState('');
  const [type, setType] = useState(0);
  const fields = fieldErrors(create.error);
  const close = () => {
    setLabel('');
    setType(0);
    create.reset();
    onClose();
  };
  const submit = () =>
    create.mutate(
      { label, type },
      {
        onSuccess: (doc) => {
          setLabel('');
          setType(0);
          onCreated(doc);
        },
      },
    );
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-document-title">
      <DialogTitle id="create-document-title">{t('documents.createTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          required
          label={t('documents.label')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={Boolean(fields.label)}
          helperText={fields.label}
          fullWidth
          margin="normal"
        />
        <TextField
          select
          label={t('documents.type')}
          value={type}
          onChange={(e) => setType(Number(e.target.value))}
          fullWidth
          margin="normal"
        >
          {DOCUMENT_TYPES.map((dt) => (
            <MenuItem key={dt.id} value={dt.id}>
              {dt.label}
            </MenuItem>
          ))}
        </TextField>
        {create.error && !fields.label && <Alert severity="error">{errorMessage(create.error, t)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('documents.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {t('documents.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
