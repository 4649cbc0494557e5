import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ClearIcon from '@mui/icons-material/Clear';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentPickerDialog, LocationPickerDialog } from './tree-picker-dialog.tsx';

/** What the field shows: the id and the path ('Werk Köln-Niehl › Halle 2') or at least the name. */
export type TreeChoice = { id: number; path?: string; name: string };

export type TreePickerFieldProps = {
  value: TreeChoice | null;
  onChange: (value: TreeChoice | null) => void;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string | undefined;
  clearable?: boolean;
  /** Main-portal users editing a record of another portal: that portal's tree. */
  portalId?: number | undefined;
};

function TreePickerField({
  kind,
  value,
  onChange,
  label,
  required,
  disabled,
  error,
  helperText,
  clearable = true,
  portalId,
}: TreePickerFieldProps & { kind: 'locations' | 'departments' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const choose = kind === 'locations' ? t('orgPicker.chooseLocation') : t('orgPicker.chooseDepartment');
  const Dialog = kind === 'locations' ? LocationPickerDialog : DepartmentPickerDialog;
  return (
    <>
      <TextField
        label={label ?? (kind === 'locations' ? t('orgPicker.location') : t('orgPicker.department'))}
        value={value ? (value.path ?? value.name) : ''}
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
                  <Tooltip title={t('orgPicker.clear')} describeChild>
                    <IconButton
                      size="small"
                      aria-label={t('orgPicker.clear')}
                      onClick={(event) => {
                        event.stopPropagation();
                        onChange(null);
                      }}
                    >
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
                <Tooltip title={choose} describeChild>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={choose}
                      disabled={disabled}
                      onClick={(event) => {
                        event.stopPropagation();
                        setOpen(true);
                      }}
                    >
                      <AccountTreeIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(rows) => {
          const row = rows[0];
          onChange(row ? { id: row.id, path: row.path, name: row.name } : null);
        }}
        value={value?.id}
        portalId={portalId}
      />
    </>
  );
}

/** A form field showing the chosen location's path; opens the location picker. */
export function LocationPickerField(props: TreePickerFieldProps) {
  return <TreePickerField kind="locations" {...props} />;
}

/** A form field showing the chosen department's path; opens the department picker. */
export function DepartmentPickerField(props: TreePickerFieldProps) {
  return <TreePickerField kind="departments" {...props} />;
}
