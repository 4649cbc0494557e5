import ClearIcon from '@mui/icons-material/Clear';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEmployeeName } from '#lib/session/session.tsx';
import { EmployeePickerDialog } from './employee-picker-dialog.tsx';

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

/** A form field that shows the chosen employee and opens the employee picker (single mode). */
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
  const fieldLabel = label ?? t('employeePicker.label');
  return (
    <>
      <TextField
        label={fieldLabel}
        value={formatEmployeeName(value)}
        required={required}
        disabled={disabled}
        error={error}
        helperText={helperText}
        onClick={() => !disabled && setOpen(true)}
        onKeyDown={(event) => {
          if (!disabled && (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown')) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        slotProps={{
          htmlInput: { readOnly: true, style: { cursor: disabled ? 'default' : 'pointer' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                {clearable && value && !disabled ? (
                  <Tooltip title={t('employeePicker.clear')} describeChild>
                    <IconButton
                      size="small"
                      aria-label={t('employeePicker.clear')}
                      onClick={(event) => {
                        event.stopPropagation();
                        onChange(null);
                      }}
                    >
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
                <Tooltip title={t('employeePicker.choose')} describeChild>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('employeePicker.choose')}
                      disabled={disabled}
                      onClick={(event) => {
                        event.stopPropagation();
                        setOpen(true);
                      }}
                    >
                      <PersonSearchIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
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
