import type { SegmentRow } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { SEGMENT_SOURCE } from '../api/questionnaires-api.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  onSelect: (segment: SegmentRow) => void;
  /** The questionnaire type whose tree is listed. */
  typeId: number;
  /** The segments of this questionnaire of the type (its copy; links count for access). */
  questionnaireId?: number;
  /** Only segments the user may fill. */
  fillable?: boolean;
};

/**
 * Picker checklist_segment (spec shell §3.2: label, segment; decision 070): a segment of a questionnaire type's
 * tree, as far as the segment rights let the user see (or fill) it — the server filters.
 */
export function SegmentPickerDialog({ open, onClose, onSelect, typeId, questionnaireId, fillable }: Props) {
  const { t } = useTranslation();
  const params = useMemo(
    () => ({
      typeId,
      ...(questionnaireId !== undefined ? { questionnaireId } : {}),
      ...(fillable ? { fillable: 'true' } : {}),
    }),
    [typeId, questionnaireId, fillable],
  );
  return (
    <PickerDialog<SegmentRow>
      open={open}
      onClose={onClose}
      source={SEGMENT_SOURCE}
      params={params}
      columns={[
        { id: 'segment', header: t('questionnaires.fields.segment'), render: (r) => r.segment, grow: 0.4 },
        { id: 'label', header: t('questionnaires.fields.label'), render: (r) => r.label, grow: 1 },
      ]}
      getRowId={(r) => r.key}
      onSelect={([r]) => {
        if (r) onSelect(r);
        else onClose();
      }}
    />
  );
}
