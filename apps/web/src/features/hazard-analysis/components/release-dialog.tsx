import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { fieldErrors } from '#i18n/i18n.ts';
import { useReleaseHazardAnalysis } from '../api/release-hazard-analysis.ts';
import { useOwnPickerRow } from '../hooks/use-own-picker-row.ts';

const today = () => new Date().toISOString().slice(0, 10);
const inOneYear = () => {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 1);
  return d.toISOString().slice(0, 10);
};

type Props = {
  analysis: HazardAnalysis;
  open: boolean;
  onClose: () => void;
  onReleased: (analysis: HazardAnalysis) => void;
};

/**
 * 'Freigeben': release date (today), next check (in a year) and the responsible (the signed-in employee)
 * — the form keeps what was typed while the editor stays open.
 */
export function ReleaseDialog({ analysis, open, onClose, onReleased }: Props) {
  const { t } = useTranslation();
  const me = useOwnPickerRow();
  const releaseMutation = useReleaseHazardAnalysis(analysis.id);
  const [release, setRelease] = useState({
    releaseDate: today(),
    nextCheckDate: inOneYear(),
    responsible: me as EmployeePickerRow | null,
  });
  const releaseErrors = fieldErrors(releaseMutation.error);
  return (
    <ConfirmDialog
      open={open}
      title={t('hazardAnalysis.releaseTitle')}
      destructive={false}
      text={
        <Stack spacing={2} sx={{ pt: 1 }}>
          <span>{t('hazardAnalysis.releaseText', { number: analysis.versionNumber })}</span>
          <TextField
            type="date"
            required
            label={t('hazardAnalysis.releaseDate')}
            value={release.releaseDate}
            onChange={(e) => setRelease((r) => ({ ...r, releaseDate: e.target.value }))}
            error={Boolean(releaseErrors.releaseDate)}
            helperText={releaseErrors.releaseDate}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            required
            label={t('hazardAnalysis.nextCheckDate')}
            value={release.nextCheckDate}
            onChange={(e) => setRelease((r) => ({ ...r, nextCheckDate: e.target.value }))}
            error={Boolean(releaseErrors.nextCheckDate)}
            helperText={releaseErrors.nextCheckDate}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <EmployeePickerField
            required
            label={t('hazardAnalysis.releaseResponsible')}
            value={release.responsible}
            onChange={(responsible) => setRelease((r) => ({ ...r, responsible }))}
            error={Boolean(releaseErrors.responsibleId)}
            helperText={releaseErrors.responsibleId}
          />
        </Stack>
      }
      confirmLabel={t('hazardAnalysis.release')}
      error={Object.keys(releaseErrors).length === 0 ? releaseMutation.error : null}
      pending={releaseMutation.isPending}
      onClose={() => {
        releaseMutation.reset();
        onClose();
      }}
      onConfirm={() =>
        releaseMutation.mutate(
          {
            version: analysis.version,
            releaseDate: release.releaseDate,
            nextCheckDate: release.nextCheckDate,
            responsibleId: (release.responsible?.id ?? 0) as number,
          },
          { onSuccess: onReleased },
        )
      }
    />
  );
}
