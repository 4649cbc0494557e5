import type { ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useState } from 'react';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';

type Props = {
  label: string;
  required: boolean;
  value: number | null;
  /** The names the server resolved for the stored answers. */
  known: ChecklistInstance['employees'];
  disabled: boolean;
  onChange: (value: number | null) => void;
};

/** An employee cell: the employee picker; the answer is the employee's id, the name shown comes with it. */
export function EmployeeElement({ label, required, value, known, disabled, onChange }: Props) {
  const [picked, setPicked] = useState<EmployeePickerRow | null>(null);
  const stored = known.find((e) => e.id === value);
  const shown: EmployeePickerRow | null =
    value === null
      ? null
      : picked?.id === value
        ? picked
        : stored
          ? { ...stored, departmentName: null }
          : { id: value, personnelNumber: String(value), lastName: '', firstName: '', departmentName: null };
  return (
    <EmployeePickerField
      label={label}
      required={required}
      disabled={disabled}
      value={shown}
      onChange={(row) => {
        setPicked(row);
        onChange(row?.id ?? null);
      }}
    />
  );
}
