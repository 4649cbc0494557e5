import AddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { Person } from '@schutzwerk/shared/actions/actions.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { formatEmployeeName } from '#lib/session/session.tsx';

type Props = {
  label: string;
  value: Person[];
  onChange: (value: Person[]) => void;
  disabled?: boolean;
  error?: string | undefined;
};

/** Several employees as chips; 'Hinzufügen' opens the employee picker in multiple mode. */
export function PeopleField({ label, value, onChange, disabled, error }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-label={label}>
      <Typography variant="body2" color="text.secondary" component="legend">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', mt: 0.5 }}>
        {value.map((person) => (
          <Chip
            key={person.id}
            size="small"
            label={formatEmployeeName(person)}
            {...(disabled ? {} : { onDelete: () => onChange(value.filter((p) => p.id !== person.id)) })}
          />
        ))}
        {!disabled && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setOpen(true)}
            aria-label={`${label}: ${t('actions.addPeople')}`}
          >
            {t('actions.addPeople')}
          </Button>
        )}
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <EmployeePickerDialog
        open={open}
        multiple
        onClose={() => setOpen(false)}
        onSelect={(rows) => {
          const known = new Set(value.map((p) => p.id));
          const added = rows
            .filter((r) => !known.has(r.id))
            .map((r) => ({
              id: r.id,
              lastName: r.lastName,
              firstName: r.firstName,
              personnelNumber: r.personnelNumber,
            }));
          onChange([...value, ...added]);
        }}
        value={value.map((p) => p.id)}
      />
    </Box>
  );
}
