import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import {
  type ChecklistVariable,
  VARIABLE_REFERENCES,
  VARIABLE_SCOPES,
  variableNameProblem,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useTranslation } from 'react-i18next';

type Props = {
  variables: ChecklistVariable[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (variables: ChecklistVariable[]) => void;
};

/** Read by screen readers only. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const toNumber = (v: string) => {
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
};

/** Variables of the checklist: name checked while typed (pattern, reserved prefixes, unique). */
export function VariablesEditor({ variables, errors, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const update = (i: number, patch: Partial<ChecklistVariable>) =>
    onChange(variables.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const nameError = (i: number, name: string) =>
    variableNameProblem(name) ??
    (variables.findIndex((v) => v.name === name) < i
      ? t('checklists.variables.duplicate', { name })
      : (errors[`variables.${i}.name`] ?? null));
  return (
    <>
      <Table size="small" aria-label={t('checklists.variables.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('checklists.variables.name')}</TableCell>
            <TableCell>{t('checklists.variables.alias')}</TableCell>
            <TableCell>{t('checklists.variables.defaultValue')}</TableCell>
            <TableCell>{t('checklists.variables.fractionDigits')}</TableCell>
            <TableCell>{t('checklists.variables.reference')}</TableCell>
            <TableCell>{t('checklists.variables.scope')}</TableCell>
            <TableCell>{t('checklists.variables.inDatabase')}</TableCell>
            <TableCell>
              <span style={visuallyHidden}>{t('checklists.variables.remove')}</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {variables.map((v, i) => {
            const problem = nameError(i, v.name);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a variable is edited in place, its name changes
              <TableRow key={i}>
                <TableCell>
                  <TextField
                    size="small"
                    label={t('checklists.variables.name')}
                    value={v.name}
                    disabled={disabled}
                    onChange={(e) => update(i, { name: e.target.value })}
                    error={problem !== null}
                    helperText={problem}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    label={t('checklists.variables.alias')}
                    value={v.alias}
                    disabled={disabled}
                    onChange={(e) => update(i, { alias: e.target.value })}
                    error={Boolean(errors[`variables.${i}.alias`])}
                    helperText={errors[`variables.${i}.alias`]}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    label={t('checklists.variables.defaultValue')}
                    defaultValue={String(v.defaultValue).replace('.', ',')}
                    disabled={disabled}
                    onChange={(e) => update(i, { defaultValue: toNumber(e.target.value) })}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    select
                    label={t('checklists.variables.fractionDigits')}
                    value={v.fractionDigits}
                    disabled={disabled}
                    onChange={(e) => update(i, { fractionDigits: Number(e.target.value) })}
                  >
                    {[0, 1, 2, 3, 4, 5, 6].map((d) => (
                      <MenuItem key={d} value={d}>
                        {d}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    select
                    label={t('checklists.variables.reference')}
                    value={v.reference}
                    disabled={disabled}
                    onChange={(e) =>
                      update(i, { reference: e.target.value as ChecklistVariable['reference'] })
                    }
                  >
                    {VARIABLE_REFERENCES.map((r) => (
                      <MenuItem key={r} value={r}>
                        {t(`checklists.references.${r}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    select
                    label={t('checklists.variables.scope')}
                    value={v.scope}
                    disabled={disabled}
                    onChange={(e) => update(i, { scope: e.target.value as ChecklistVariable['scope'] })}
                  >
                    {VARIABLE_SCOPES.map((s) => (
                      <MenuItem key={s} value={s}>
                        {t(`checklists.scopes.${s}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  <Checkbox
                    checked={v.inDatabase}
                    disabled={disabled}
                    onChange={(e) => update(i, { inDatabase: e.target.checked })}
                    slotProps={{ input: { 'aria-label': t('checklists.variables.inDatabase') } }}
                  />
                </TableCell>
                <TableCell>
                  {!disabled && (
                    <IconButton
                      aria-label={t('checklists.variables.removeNamed', { name: v.name })}
                      onClick={() => onChange(variables.filter((_, j) => j !== i))}
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
      {!disabled && (
        <Button
          sx={{ alignSelf: 'flex-start', mt: 1 }}
          onClick={() =>
            onChange([
              ...variables,
              {
                name: '@',
                alias: '',
                defaultValue: 0,
                fractionDigits: 2,
                reference: 'none',
                scope: 'local',
                limit: null,
                inDatabase: false,
              },
            ])
          }
        >
          {t('checklists.variables.add')}
        </Button>
      )}
    </>
  );
}
