import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useCreateTopic } from '../api/create-topic.ts';

type Props = { open: boolean; onClose: () => void; onCreated: (topic: Topic) => void };

const EMPTY = { identifier: '', label: '', number: '' };

/** 'Neue Unterweisung anlegen': identifier, label, number; the topic is created locked, the rest follows on the record. */
export function CreateTopicDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateTopic();
  const [form, setForm] = useState(EMPTY);
  const fields = fieldErrors(create.error);
  const close = () => {
    setForm(EMPTY);
    create.reset();
    onClose();
  };
  const submit = () =>
    create.mutate(form, {
      onSuccess: (topic) => {
        setForm(EMPTY);
        onCreated(topic);
      },
    });
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-topic-title">
      <DialogTitle id="create-topic-title">{t('instructions.createTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('instructions.createHint')}</DialogContentText>
        <TextField
          autoFocus
          required
          label={t('instructions.identifier')}
          value={form.identifier}
          onChange={(e) => set({ identifier: e.target.value })}
          error={Boolean(fields.identifier)}
          helperText={fields.identifier}
          fullWidth
          margin="normal"
        />
        <TextField
          required
          label={t('instructions.label')}
          value={form.label}
          onChange={(e) => set({ label: e.target.value })}
          error={Boolean(fields.label)}
          helperText={fields.label}
          fullWidth
          margin="normal"
        />
        <TextField
          label={t('instructions.number')}
          value={form.number}
          onChange={(e) => set({ number: e.target.value })}
          error={Boolean(fields.number)}
          helperText={fields.number}
          fullWidth
          margin="normal"
        />
        {create.error && Object.keys(fields).length === 0 && (
          <Alert severity="error">{errorMessage(create.error, t)}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('instructions.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {t('instructions.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
