import { EMPLOYEE_PICKER_MAX_UNFILTERED } from '@schutzwerk/shared/constants.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { formatNumber } from '#lib/format.ts';
import { PickerDialog } from './picker-dialog.tsx';

/** The employee picker's list source (list protocol, spec shell §7). */
const EMPLOYEE_PICKER_SOURCE = 'employee/picker';

type Props = {
  open: boolean;
  onClose: () => void;
  onSelect: (rows: EmployeePickerRow[]) => void;
  multiple?: boolean;
  allowEmpty?: boolean;
  value?: unknown;
  title?: string;
  includeInactive?: boolean;
};

const getEmployeeId = (row: EmployeePickerRow) => row.id;

/** The employee picker over /api/employee/picker (ordered by last name, spec shell §3.2). */
export function EmployeePickerDialog({ includeInactive = false, ...props }: Props) {
  const { t } = useTranslation();
  const columns = useMemo<ScrollingListColumn<EmployeePickerRow>[]>(
    () => [
      { id: 'lastName', header: t('employees.lastName'), render: (row) => row.lastName },
      { id: 'firstName', header: t('employees.firstName'), render: (row) => row.firstName },
      {
        id: 'personnelNumber',
        header: t('employees.personnelNumber'),
        minWidth: 100,
        grow: 0.6,
        render: (row) => row.personnelNumber,
      },
      { id: 'departmentName', header: t('employees.department'), render: (row) => row.departmentName ?? '' },
    ],
    [t],
  );
  const params = useMemo(() => (includeInactive ? { includeInactive: true } : undefined), [includeInactive]);
  return (
    <PickerDialog<EmployeePickerRow>
      {...props}
      source={EMPLOYEE_PICKER_SOURCE}
      params={params}
      columns={columns}
      getRowId={getEmployeeId}
      orderBy="lastName"
      hintThreshold={EMPLOYEE_PICKER_MAX_UNFILTERED}
      hint={(count) => t('employeePicker.narrowSearch', { count, formatted: formatNumber(count) })}
    />
  );
}
