import type { HazardBrickActionRow } from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { HAZARD_BRICK_ACTION_PICKER_SOURCE } from '../api/hazard-brick-sources.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  onSelect: (rows: HazardBrickActionRow[]) => void;
  /** The brick whose actions are offered. */
  brickId: number;
  multiple?: boolean;
  title?: string;
  applyLabel?: string;
};

const getId = (row: HazardBrickActionRow) => row.id;

/** Picks actions (measures) of one hazard brick (spec shell §3.2 `hazardbrick_action`: identifier, description). */
export function HazardBrickActionPickerDialog({ brickId, ...props }: Props) {
  const { t } = useTranslation();
  const params = useMemo(() => ({ brickId }), [brickId]);
  const columns = useMemo<ScrollingListColumn<HazardBrickActionRow>[]>(
    () => [
      {
        id: 'identifier',
        header: t('hazardBricks.actionIdentifier'),
        minWidth: 80,
        grow: 0.3,
        render: (r) => r.identifier,
      },
      {
        id: 'description',
        header: t('hazardBricks.actionDescription'),
        minWidth: 240,
        grow: 3,
        render: (r) => r.description,
      },
    ],
    [t],
  );
  return (
    <PickerDialog<HazardBrickActionRow>
      title={t('hazardBricks.actionPickerTitle')}
      {...props}
      source={HAZARD_BRICK_ACTION_PICKER_SOURCE}
      params={params}
      columns={columns}
      getRowId={getId}
      orderBy="position"
    />
  );
}
