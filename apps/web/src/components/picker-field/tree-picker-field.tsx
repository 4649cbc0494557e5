import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DepartmentPickerDialog,
  LocationPickerDialog,
} from '#components/picker-dialog/tree-picker-dialog.tsx';
import { PickerField } from './picker-field.tsx';

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

/** The picker field for a node of an organisation tree: shows its path and opens the tree's picker. */
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
      <PickerField
        label={label ?? (kind === 'locations' ? t('orgPicker.location') : t('orgPicker.department'))}
        value={value ? (value.path ?? value.name) : ''}
        onOpen={() => setOpen(true)}
        onClear={clearable ? () => onChange(null) : undefined}
        clearLabel={t('orgPicker.clear')}
        choose={{ label: choose, icon: <AccountTreeIcon fontSize="small" /> }}
        tooltips
        required={required}
        disabled={disabled}
        error={error}
        helperText={helperText}
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
