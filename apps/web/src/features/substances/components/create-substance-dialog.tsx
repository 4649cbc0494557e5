import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createSubstanceSchema, type Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useCreateSubstance } from '../api/create-substance.ts';
import { issueMap } from '../issue-map.ts';

type Props = { open: boolean; onClose: () => void; onCreated: (substance: Substance) => void };

/** Designation, CAS and EC number first (checked with their check digits); the rest in the editor. */
export function CreateSubstanceDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateSubstance();
  const [designation, setDesignation] = useState('');
  const [casNumber, setCasNumber] = useState('');
  const [ecNumber, setEcNumber] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors(create.error), ...localErrors };
  const other = create.error && Object.keys(errors).length === 0 ? errorMessage(create.error, t) : null;
  const close = () => {
    create.reset();
    setLocalErrors({});
    setDesignation('');
    setCasNumber('');
    setEcNumber('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // The browser checks with the server's own rules (CAS/EC format and check digit) before sending.
          const checked = createSubstanceSchema.safeParse({ designation, casNumber, ecNumber });
          const local = issueMap(checked.error);
          setLocalErrors(local);
          if (Object.keys(local).length > 0) return;
          create.mutate(
            { designation, casNumber, ecNumber },
            {
              onSuccess: (substance) => {
                close();
                onCreated(substance);
              },
            },
          );
        }}
      >
        <DialogTitle id={titleId}>{t('substances.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {other && (
              <Alert severity="error" role="alert">
                {other}
              </Alert>
            )}
            <TextField
              required
              autoFocus
              label={t('substances.fields.designation')}
              value={designation}
              onChange={(e) => setDesignation(e.target.value)}
              error={Boolean(errors.designation)}
              helperText={errors.designation}
            />
            <TextField
              label={t('substances.fields.casNumber')}
              value={casNumber}
              onChange={(e) => setCasNumber(e.target.value)}
              error={Boolean(errors.casNumber)}
              helperText={errors.casNumber ?? t('substances.hints.casNumber')}
            />
            <TextField
              label={t('substances.fields.ecNumber')}
              value={ecNumber}
              onChange={(e) => setEcNumber(e.target.value)}
              error={Boolean(errors.ecNumber)}
              helperText={errors.ecNumber ?? t('substances.hints.ecNumber')}
            />
            <Typography variant="body2" color="text.secondary">
              {t('substances.createHint')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('substances.catalogue.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('substances.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
