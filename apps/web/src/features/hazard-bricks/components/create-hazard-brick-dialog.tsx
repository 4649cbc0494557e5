import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { HazardBrick } from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useCreateHazardBrick } from '../api/create-hazard-brick.ts';

type Props = { open: boolean; onClose: () => void; onCreated: (brick: HazardBrick) => void };

const EMPTY = { identifier: '', title: '', riskFrom: '1', riskTo: '1', free: false };

/** 'Neuen Gefährdungsbaustein anlegen': identifier, title, risk range, free flag; the lists follow on the record. */
export function CreateHazardBrickDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateHazardBrick();
  const [form, setForm] = useState(EMPTY);
  const fields = fieldErrors(create.error);
  const close = () => {
    setForm(EMPTY);
    create.reset();
    onClose();
  };
  const submit = () =>
    create.mutate(
      {
        identifier: form.identifier,
        title: form.title,
        riskFrom: Number(form.riskFrom),
        riskTo: Number(form.riskTo),
        free: form.free,
      },
      {
        onSuccess: (brick) => {
          setForm(EMPTY);
          onCreated(brick);
        },
      },
    );
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-hazard-brick-title">
      <DialogTitle id="create-hazard-brick-title">{t('hazardBricks.createTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          required
          label={t('hazardBricks.identifier')}
          value={form.identifier}
          onChange={(e) => set({ identifier: e.target.value })}
          error={Boolean(fields.identifier)}
          helperText={fields.identifier}
          fullWidth
          margin="normal"
        />
        <TextField
          required
          label={t('hazardBricks.title')}
          value={form.title}
          onChange={(e) => set({ title: e.target.value })}
          error={Boolean(fields.title)}
          helperText={fields.title}
          fullWidth
          margin="normal"
        />
        <Stack direction="row" spacing={2}>
          <TextField
            type="number"
            label={t('hazardBricks.riskFrom')}
            value={form.riskFrom}
            onChange={(e) => set({ riskFrom: e.target.value })}
            error={Boolean(fields.riskFrom)}
            helperText={fields.riskFrom ?? t('hazardBricks.riskHint')}
            slotProps={{ htmlInput: { min: 1, max: 7 } }}
            fullWidth
            margin="normal"
          />
          <TextField
            type="number"
            label={t('hazardBricks.riskTo')}
            value={form.riskTo}
            onChange={(e) => set({ riskTo: e.target.value })}
            error={Boolean(fields.riskTo)}
            helperText={fields.riskTo ?? t('hazardBricks.riskHint')}
            slotProps={{ htmlInput: { min: 1, max: 7 } }}
            fullWidth
            margin="normal"
          />
        </Stack>
        <FormControlLabel
          control={<Switch checked={form.free} onChange={(e) => set({ free: e.target.checked })} />}
          label={t('hazardBricks.free')}
        />
        {create.error && Object.keys(fields).length === 0 && (
          <Alert severity="error">{errorMessage(create.error, t)}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('hazardBricks.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {t('hazardBricks.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
