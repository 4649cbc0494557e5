import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { formatEmployeeName } from '#lib/session/session.tsx';
import { PickerField } from './picker-field.tsx';

type Props = {
  value: EmployeePickerRow | null;
  onChange: (value: EmployeePickerRow | null) => void;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string | undefined;
  /** Allow clearing the choice. */
  clearable?: boolean;
  includeInactive?: boolean;
};

/** The picker field for one employee: shows the chosen employee and opens the employee picker (single mode). */
export function EmployeePickerField({
  value,
  onChange,
  label,
  required,
  disabled,
  error,
  helperText,
  clearable = true,
  includeInactive,
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickerField
        label={label ?? t('employeePicker.label')}
        value={formatEmployeeName(value)}
        onOpen={() => setOpen(true)}
        onClear={clearable ? () => onChange(null) : undefined}
        clearLabel={t('employeePicker.clear')}
        choose={{ label: t('employeePicker.choose'), icon: <PersonSearchIcon fontSize="small" /> }}
        tooltips
        required={required}
        disabled={disabled}
        error={error}
        helperText={helperText}
      />
      <EmployeePickerDialog
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(rows) => onChange(rows[0] ?? null)}
        value={value ?? undefined}
        includeInactive={includeInactive}
      />
    </>
  );
}
