import Box from '@mui/material/Box';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { HazardBrickPickerDialog } from '#features/hazard-bricks/index.ts';
import type { useAddHazards } from '../api/add-hazards.ts';
import { useOwnPickerRow } from '../hooks/use-own-picker-row.ts';

type Props = {
  analysis: HazardAnalysis;
  /** Step 1: the hazard brick picker is open. */
  picking: boolean;
  /** Step 2: the dialog asking for the new hazards' responsible is open. */
  confirming: boolean;
  /** Bricks were chosen: go to step 2. */
  onPicked: () => void;
  /** The picker closed (it closes after a choice too: step 2 must stay open then). */
  onPickerClosed: () => void;
  onClose: () => void;
  /** The editor's mutation: its error also shows above the hazards table. */
  addHazards: ReturnType<typeof useAddHazards>;
  onAdded: (analysis: HazardAnalysis) => void;
};

/** 'Aus Gefährdungsbausteinen hinzufügen': pick bricks, then name the responsible of the new hazards. */
export function AddHazardsDialogs({
  analysis,
  picking,
  confirming,
  onPicked,
  onPickerClosed,
  onClose,
  addHazards,
  onAdded,
}: Props) {
  const { t } = useTranslation();
  const me = useOwnPickerRow();
  const [pendingBricks, setPendingBricks] = useState<number[]>([]);
  const [responsible, setResponsible] = useState<EmployeePickerRow | null>(me);
  return (
    <>
      <HazardBrickPickerDialog
        open={picking}
        variant="all"
        multiple
        onClose={onPickerClosed}
        onSelect={(rows) => {
          setPendingBricks(rows.map((r) => r.id));
          addHazards.reset();
          onPicked();
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={t('hazardAnalysis.addResponsibleTitle')}
        destructive={false}
        text={
          <Box sx={{ pt: 1 }}>
            <EmployeePickerField
              required
              label={t('hazardAnalysis.responsible')}
              value={responsible}
              onChange={setResponsible}
            />
          </Box>
        }
        confirmLabel={t('hazardAnalysis.add')}
        error={addHazards.error}
        pending={addHazards.isPending}
        onClose={onClose}
        onConfirm={() =>
          addHazards.mutate(
            {
              version: analysis.version,
              brickIds: pendingBricks,
              responsibleId: (responsible?.id ?? null) as number,
            },
            { onSuccess: onAdded },
          )
        }
      />
    </>
  );
}
