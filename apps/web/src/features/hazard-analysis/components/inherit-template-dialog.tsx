import type { HazardAnalysisDraftRow } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { HAZARD_ANALYSIS_DRAFT_PICKER_SOURCE } from '../api/hazard-analysis-sources.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The chosen template, or null when the picker answered none. */
  onChoose: (template: HazardAnalysisDraftRow | null) => void;
};

/** 'Erben': the template an assessment inherits its hazards from. */
export function InheritTemplateDialog({ open, onClose, onChoose }: Props) {
  const { t } = useTranslation();
  const columns = useMemo<ScrollingListColumn<HazardAnalysisDraftRow>[]>(
    () => [{ id: 'bezeichnung', header: t('hazardAnalysis.bezeichnung'), render: (r) => r.bezeichnung }],
    [t],
  );
  return (
    <PickerDialog<HazardAnalysisDraftRow>
      open={open}
      onClose={onClose}
      onSelect={(rows) => onChoose(rows[0] ?? null)}
      title={t('hazardAnalysis.chooseTemplate')}
      source={HAZARD_ANALYSIS_DRAFT_PICKER_SOURCE}
      columns={columns}
      getRowId={(r) => r.id}
      orderBy="bezeichnung"
    />
  );
}
