import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';

export type UnitKind = 'department' | 'location';
type UnitRow = { id: number; name: string; path: string };

const SOURCES: Record<UnitKind, string> = { department: 'departments/picker', location: 'locations/picker' };

/** Picks departments or locations (several), each shown with its path in the tree. */
export function UnitPickerDialog({
  kind,
  open,
  value,
  onClose,
  onSelect,
}: {
  kind: UnitKind;
  open: boolean;
  value: readonly number[];
  onClose: () => void;
  onSelect: (rows: UnitRow[]) => void;
}) {
  const { t } = useTranslation();
  const columns = useMemo<ScrollingListColumn<UnitRow>[]>(
    () => [{ id: 'path', header: t(`employee.assignments.${kind}Path`), render: (row) => row.path }],
    [t, kind],
  );
  return (
    <PickerDialog<UnitRow>
      open={open}
      onClose={onClose}
      onSelect={onSelect}
      source={SOURCES[kind]}
      columns={columns}
      getRowId={(row) => row.id}
      multiple
      value={value}
      title={t(
        kind === 'department'
          ? 'employee.assignments.chooseDepartments'
          : 'employee.assignments.chooseLocations',
      )}
    />
  );
}
