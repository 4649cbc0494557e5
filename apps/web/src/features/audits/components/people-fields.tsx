import CloseIcon from '@mui/icons-material/Close';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import { formatEmployeeName } from '#lib/session/session.tsx';

export type Person = { id: number; name: string };

/** One person (responsible, executor) chosen with the employee picker. */
export function PersonField(props: {
  label: string;
  value: Person | null;
  onChange: (value: Person | null) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickerField
        label={props.label}
        value={props.value?.name ?? ''}
        onOpen={() => setOpen(true)}
        onClear={() => props.onChange(null)}
        clearLabel={t('audits.people.clear')}
        choose={{ label: t('audits.people.choose'), icon: <PersonSearchIcon fontSize="small" /> }}
        tooltips
        required
        disabled={props.disabled}
        error={Boolean(props.error)}
        helperText={props.error}
      />
      <EmployeePickerDialog
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(rows) => {
          const row = rows[0];
          props.onChange(row ? { id: row.id, name: formatEmployeeName(row) } : null);
        }}
      />
    </>
  );
}

/** Several people (affected employees, participants): chips and the employee picker in multiple mode. */
export function PeopleField(props: {
  label: string;
  value: Person[];
  onChange: (value: Person[]) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="body2" color="text.secondary" gutterBottom>
        {props.label}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {props.value.length === 0 && <Typography variant="body2">{t('audits.people.none')}</Typography>}
        {props.value.map((p) => (
          <Stack key={p.id} direction="row" sx={{ alignItems: 'center' }}>
            <Chip label={p.name} />
            {!props.disabled && (
              <IconButton
                size="small"
                aria-label={t('audits.people.remove', { name: p.name })}
                onClick={() => props.onChange(props.value.filter((x) => x.id !== p.id))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
        ))}
        {!props.disabled && (
          <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setOpen(true)}>
            {t('audits.people.add', { role: props.label })}
          </Button>
        )}
      </Stack>
      {props.error && <FormHelperText error>{props.error}</FormHelperText>}
      <EmployeePickerDialog
        open={open}
        multiple
        onClose={() => setOpen(false)}
        onSelect={(rows) => {
          const have = new Set(props.value.map((p) => p.id));
          props.onChange([
            ...props.value,
            ...rows.filter((r) => !have.has(r.id)).map((r) => ({ id: r.id, name: formatEmployeeName(r) })),
          ]);
        }}
      />
    </Box>
  );
}
