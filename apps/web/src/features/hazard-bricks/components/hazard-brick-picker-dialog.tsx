import Chip from '@mui/material/Chip';
import type { HazardBrickRow } from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { HAZARD_BRICK_PICKER_SOURCES, type HazardBrickPickerVariant } from '../api/hazard-brick-sources.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  onSelect: (rows: HazardBrickRow[]) => void;
  /** 'default': standard bricks, 'free': free bricks only, 'all': both, free ones marked FREI. */
  variant?: HazardBrickPickerVariant;
  multiple?: boolean;
  value?: unknown;
  title?: string;
};

const getId = (row: HazardBrickRow) => row.id;

/** Picks hazard bricks (spec shell §3.2: identifier, risk from/to, title, free flag). */
export function HazardBrickPickerDialog({ variant = 'default', ...props }: Props) {
  const { t } = useTranslation();
  const columns = useMemo<ScrollingListColumn<HazardBrickRow>[]>(
    () => [
      {
        id: 'identifier',
        header: t('hazardBricks.identifier'),
        minWidth: 90,
        grow: 0.5,
        render: (r) => r.identifier,
      },
      {
        id: 'risk',
        header: t('hazardBricks.risk'),
        minWidth: 70,
        grow: 0.4,
        render: (r) => `${r.riskFrom}–${r.riskTo}`,
      },
      { id: 'title', header: t('hazardBricks.title'), minWidth: 200, grow: 2, render: (r) => r.title },
      {
        id: 'mark',
        header: '',
        minWidth: 60,
        grow: 0.3,
        render: (r) => (r.mark ? <Chip size="small" color="info" label={r.mark} /> : null),
      },
    ],
    [t],
  );
  return (
    <PickerDialog<HazardBrickRow>
      title={t('hazardBricks.pickerTitle')}
      {...props}
      source={HAZARD_BRICK_PICKER_SOURCES[variant]}
      columns={columns}
      getRowId={getId}
      orderBy="identifier"
    />
  );
}
