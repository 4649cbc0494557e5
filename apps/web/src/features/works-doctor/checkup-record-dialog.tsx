import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ASSESSMENT_KINDS,
  type AssessmentKind,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';

export type CheckupRecord = { date: string; assessmentKind: AssessmentKind };

/**
 * Records that a check-up took place (decisions 064 and 072): the date and the assessment kind of § 9 (fit, not
 * fit, fit with limits, no statement, pending; participation) — no field for findings. One dialog for the
 * precaution file (occupational-medicine) and the works doctor's page; the caller owns the request. The server
 * checks and answers the German field messages; after an error what was typed stays.
 */
export function CheckupRecordDialog({
  title,
  subtitle,
  pending,
  error,
  onSave,
  onClose,
}: {
  title: string;
  /** The precaution recorded, where the title does not name it. */
  subtitle?: string;
  pending: boolean;
  error: unknown;
  onSave: (record: CheckupRecord) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<AssessmentKind | ''>('');
  const errors = fieldErrors(error);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {subtitle && <Typography variant="body2">{subtitle}</Typography>}
        <Typography variant="body2" color="text.secondary">
          {t('worksDoctor.checkup.intro')}
        </Typography>
        {error != null && (
          <Alert severity="error" role="alert">
            {errorMessage(error, t)}
          </Alert>
        )}
        <TextField
          type="date"
          label={t('worksDoctor.checkup.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(errors.date)}
          helperText={errors.date}
        />
        <TextField
          select
          label={t('worksDoctor.checkup.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as AssessmentKind)}
          required
          error={Boolean(errors.assessmentKind)}
          helperText={errors.assessmentKind}
        >
          {ASSESSMENT_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`occupationalMedicine.assessments.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('worksDoctor.checkup.cancel')}</Button>
        <Button
          variant="contained"
          disabled={pending}
          onClick={() => onSave({ date, assessmentKind: (kind || undefined) as AssessmentKind })}
        >
          {t('worksDoctor.checkup.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
