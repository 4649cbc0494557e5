import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { fieldErrors } from '#i18n/i18n.ts';
import { useSetHazardAnalysisActive } from '../api/set-hazard-analysis-active.ts';

type Props = {
  analysis: HazardAnalysis;
  open: boolean;
  onClose: () => void;
  onChanged: (analysis: HazardAnalysis) => void;
};

/** 'Deaktivieren' (with the required comment) or 'Aktivieren' of an assessment. */
export function ActiveDialog({ analysis, open, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const setActive = useSetHazardAnalysisActive(analysis.id);
  const [comment, setComment] = useState('');
  const errors = fieldErrors(setActive.error);
  return (
    <ConfirmDialog
      open={open}
      title={t(analysis.active ? 'hazardAnalysis.deactivateTitle' : 'hazardAnalysis.activateTitle')}
      destructive={analysis.active}
      text={
        <Stack spacing={2} sx={{ pt: 1 }}>
          <span>{t(analysis.active ? 'hazardAnalysis.deactivateText' : 'hazardAnalysis.activateText')}</span>
          {analysis.active && (
            <TextField
              required
              multiline
              minRows={2}
              label={t('hazardAnalysis.comment')}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              error={Boolean(errors.comment)}
              helperText={errors.comment}
            />
          )}
        </Stack>
      }
      confirmLabel={t(analysis.active ? 'hazardAnalysis.deactivate' : 'hazardAnalysis.activate')}
      error={Object.keys(errors).length === 0 ? setActive.error : null}
      pending={setActive.isPending}
      onClose={() => {
        setActive.reset();
        onClose();
      }}
      onConfirm={() =>
        setActive.mutate(
          { version: analysis.version, active: !analysis.active, comment },
          {
            onSuccess: (a) => {
              setComment('');
              onChanged(a);
            },
          },
        )
      }
    />
  );
}
