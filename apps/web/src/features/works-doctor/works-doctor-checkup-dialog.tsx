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
import type { WorksDoctorEmployee } from '@schutzwerk/shared/occupational-medicine/works-doctor.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useRecordWorksDoctorCheckup } from './api/works-doctor.ts';

type Precaution = WorksDoctorEmployee['precautions'][number];

/**
 * The works doctor records that a check-up took place (decision 072): the date and the assessment kind of § 9
 * (fit, not fit, fit with limits, no statement, pending; participation) — no field for findings. The server
 * checks and answers the German field messages; after a conflict the list is reloaded and what was typed stays.
 */
export function WorksDoctorCheckupDialog({
  employeeId,
  employeeName,
  precaution,
  onClose,
}: {
  employeeId: number;
  employeeName: string;
  precaution: Precaution;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const record = useRecordWorksDoctorCheckup();
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<AssessmentKind | ''>('');
  const errors = fieldErrors(record.error);
  const precautionLabel = `${t(`occupationalMedicine.types.${precaution.type}`)} – ${precaution.reasonName}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('worksDoctor.checkup.title', { name: employeeName })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography variant="body2">{precautionLabel}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('worksDoctor.checkup.intro')}
        </Typography>
        {record.error && (
          <Alert severity="error" role="alert">
            {errorMessage(record.error, t)}
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
          disabled={record.isPending}
          onClick={() =>
            record.mutate(
              {
                employeeId,
                precautionId: precaution.id,
                date,
                assessmentKind: (kind || undefined) as AssessmentKind,
                version: precaution.version,
              },
              {
                onSuccess: () => {
                  notify(t('worksDoctor.checkup.recorded'));
                  onClose();
                },
              },
            )
          }
        >
          {t('worksDoctor.checkup.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
