import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CHECKLIST_RIGHT_KINDS,
  type ChecklistRight,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { LocationPickerField } from '#components/picker-field/tree-picker-field.tsx';
import { formatEmployeeName } from '#lib/session/session.tsx';
import { useRightOptions } from '../api/checklist-tools.ts';

type Right = ChecklistRight & { name?: string };
type Kind = ChecklistRight['kind'];

type Props = {
  rights: Right[];
  disabled: boolean;
  error: string | undefined;
  onChange: (rights: Right[]) => void;
  /** The explanation above the table (default: the checklist's). */
  hint?: string;
};

/**
 * Who sees and who fills the checklist (spec rights types: employee, role, location). No entry: everyone with
 * the checklist rights. „Darf ausfüllen“ off: the entry only sees it.
 */
export function RightsEditor({ rights, disabled, error, onChange, hint }: Props) {
  const { t } = useTranslation();
  const options = useRightOptions(!disabled);
  const [kind, setKind] = useState<Kind>('employee');
  const [choice, setChoice] = useState<{ id: number; name: string } | null>(null);
  const [employee, setEmployee] = useState<EmployeePickerRow | null>(null);
  const taken = choice !== null && rights.some((r) => r.kind === kind && r.id === choice.id);
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{hint ?? t('checklists.rights.hint')}</Typography>
      {rights.length === 0 ? (
        <Typography>{t('checklists.rights.none')}</Typography>
      ) : (
        <Table size="small" aria-label={t('checklists.rights.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('checklists.rights.kind')}</TableCell>
              <TableCell>{t('checklists.rights.name')}</TableCell>
              <TableCell>{t('checklists.rights.edit')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rights.map((r) => {
              const name = r.name ?? `#${r.id}`;
              return (
                <TableRow key={`${r.kind}:${r.id}`}>
                  <TableCell>{t(`checklists.rights.kinds.${r.kind}`)}</TableCell>
                  <TableCell>{name}</TableCell>
                  <TableCell>
                    <Checkbox
                      checked={r.edit}
                      disabled={disabled}
                      slotProps={{ input: { 'aria-label': t('checklists.rights.editNamed', { name }) } }}
                      onChange={(e) =>
                        onChange(rights.map((x) => (x === r ? { ...x, edit: e.target.checked } : x)))
                      }
                    />
                  </TableCell>
                  <TableCell>
                    {!disabled && (
                      <IconButton
                        aria-label={t('checklists.rights.remove', { name })}
                        onClick={() => onChange(rights.filter((x) => x !== r))}
                      >
                        <DeleteIcon />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {error && (
        <Typography color="error" role="alert">
          {error}
        </Typography>
      )}
      {!disabled && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            select
            label={t('checklists.rights.kind')}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              setChoice(null);
              setEmployee(null);
            }}
            sx={{ minWidth: 160 }}
          >
            {CHECKLIST_RIGHT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`checklists.rights.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {kind === 'employee' && (
            <EmployeePickerField
              label={t('checklists.rights.kinds.employee')}
              value={employee}
              onChange={(row) => {
                setEmployee(row);
                setChoice(
                  row ? { id: row.id, name: `${formatEmployeeName(row)} (${row.personnelNumber})` } : null,
                );
              }}
            />
          )}
          {kind === 'role' && (
            <TextField
              select
              label={t('checklists.rights.kinds.role')}
              value={choice?.id ?? ''}
              onChange={(e) => {
                const role = options.data?.roles.find((r) => r.id === Number(e.target.value));
                setChoice(role ?? null);
              }}
              sx={{ minWidth: 220 }}
            >
              {(options.data?.roles ?? []).map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {kind === 'location' && (
            <LocationPickerField
              label={t('checklists.rights.kinds.location')}
              value={choice}
              onChange={(v) => setChoice(v ? { id: v.id, name: v.path ?? v.name } : null)}
            />
          )}
          <Button
            variant="outlined"
            disabled={choice === null || taken}
            onClick={() => {
              if (!choice) return;
              onChange([...rights, { kind, id: choice.id, edit: true, name: choice.name }]);
              setChoice(null);
              setEmployee(null);
            }}
          >
            {t('checklists.rights.add')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
