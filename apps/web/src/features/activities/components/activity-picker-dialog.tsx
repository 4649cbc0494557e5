import type { ActivityPickerRow } from '@schutzwerk/shared/activities/activity.schema.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { ACTIVITY_PICKER_SOURCE } from '../api/activity-sources.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  onSelect: (rows: ActivityPickerRow[]) => void;
  multiple?: boolean;
  value?: unknown;
  /** Only role nodes (children of the role base). */
  rolesOnly?: boolean;
  title?: string;
  unavailableReason?: (row: ActivityPickerRow) => string | null | undefined;
};

const getActivityId = (row: ActivityPickerRow) => row.id;

/** The activity picker over /api/activities/picker (ordered by name; search covers designations). */
export function ActivityPickerDialog({ rolesOnly = false, ...props }: Props) {
  const { t } = useTranslation();
  const columns = useMemo<ScrollingListColumn<ActivityPickerRow>[]>(
    () => [
      { id: 'name', header: t('activities.pickerName'), render: (row) => row.name },
      { id: 'path', header: t('activities.pickerPath'), render: (row) => row.path },
    ],
    [t],
  );
  const params = useMemo(() => (rolesOnly ? { rolesOnly: true } : undefined), [rolesOnly]);
  return (
    <PickerDialog<ActivityPickerRow>
      {...props}
      title={props.title ?? (rolesOnly ? t('activities.pickerRolesTitle') : t('activities.pickerTitle'))}
      source={ACTIVITY_PICKER_SOURCE}
      params={params}
      columns={columns}
      getRowId={getActivityId}
      orderBy="name"
    />
  );
}
