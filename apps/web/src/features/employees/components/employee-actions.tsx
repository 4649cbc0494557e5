import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import {
  COPY_PARTS,
  type CopyPart,
  convertEmployeeSchema,
  type Employee,
  type EmployeePickerRow,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useConvertEmployee, useCopyAssignments } from '../api/employee-assignments.ts';
import { germanDateToIso, isoToGermanDate } from '../employee-draft.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Temp worker ↔ employee: 'Als Mitarbeiter übernehmen' (temp work ends, hire date) or 'In Leiharbeit
 * überführen' (needs the date the temp work ends). On a stale version the dialog stays open with the
 * message and keeps the date.
 */
export function ConvertEmployeeDialog({
  employee,
  open,
  onClose,
  onConverted,
}: {
  employee: Employee;
  open: boolean;
  onClose: () => void;
  onConverted: (saved: Employee) => void;
}) {
  const { t } = useTranslation();
  const convert = useConvertEmployee(employee.id);
  const toEmployee = employee.isTempWorker;
  const [date, setDate] = useState(() => (toEmployee ? isoToGermanDate(today()) : ''));
  const [dateError, setDateError] = useState<string | null>(null);

  const submit = () => {
    const iso = date.trim() === '' ? undefined : (germanDateToIso(date) ?? date.trim());
    const input = toEmployee
      ? { to: 'employee' as const, version: employee.version, hireDate: iso }
      : { to: 'tempWorker' as const, version: employee.version, tempWorkUntil: iso ?? '' };
    const parsed = convertEmployeeSchema.safeParse(input);
    if (!parsed.success) {
      setDateError(
        !toEmployee && !iso ? t('employee.convert.dateRequired') : (parsed.error.issues[0]?.message ?? ''),
      );
      return;
    }
    setDateError(null);
    convert.mutate(input, { onSuccess: (saved) => onConverted(saved) });
  };

  return (
    <Dialog
      open={open}
      onClose={() => !convert.isPending && onClose()}
      aria-labelledby="convert-title"
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH, width: '100%' } } }}
    >
      <DialogTitle id="convert-title">
        {toEmployee ? t('employee.convert.toEmployeeTitle') : t('employee.convert.toTempWorkerTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {toEmployee ? t('employee.convert.toEmployeeText') : t('employee.convert.toTempWorkerText')}
          </DialogContentText>
          <TextField
            label={toEmployee ? t('employee.fields.hireDate') : t('employee.fields.tempWorkUntil')}
            value={date}
            required={!toEmployee}
            onChange={(event) => setDate(event.target.value)}
            placeholder={t('employee.datePlaceholder')}
            error={Boolean(dateError)}
            helperText={dateError}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' } }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
          />
          {convert.error ? (
            <Alert severity="error" role="alert">
              {errorMessage(convert.error, t)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={convert.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={convert.isPending}>
          {toEmployee ? t('employee.convert.toEmployeeConfirm') : t('employee.convert.toTempWorkerConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Zuordnungen kopieren': the chosen parts of this employee's assignments go to the chosen employees. */
export function CopyAssignmentsDialog({
  employee,
  open,
  onClose,
  onCopied,
  parts: offeredParts = COPY_PARTS,
}: {
  employee: Employee;
  open: boolean;
  onClose: () => void;
  onCopied: (updated: number) => void;
  parts?: readonly CopyPart[];
}) {
  const { t } = useTranslation();
  const copy = useCopyAssignments(employee.id);
  const [parts, setParts] = useState<CopyPart[]>(['roles', 'organisation']);
  const [replace, setReplace] = useState(false);
  const [targets, setTargets] = useState<EmployeePickerRow[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (parts.length === 0) return setProblem(t('employee.copy.noParts'));
    if (targets.length === 0) return setProblem(t('employee.copy.noTargets'));
    setProblem(null);
    copy.mutate(
      { targetIds: targets.map((r) => r.id), parts, replace },
      { onSuccess: (result) => onCopied(result.updated) },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={() => !copy.isPending && onClose()}
      aria-labelledby="copy-title"
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH, width: '100%' } } }}
    >
      <DialogTitle id="copy-title">{t('employee.copy.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t('employee.copy.text', { name: `${employee.lastName}, ${employee.firstName}` })}
          </DialogContentText>
          <FormGroup aria-label={t('employee.copy.partsLabel')}>
            {offeredParts.map((part) => (
              <FormControlLabel
                key={part}
                label={t(`employee.copy.parts.${part}`)}
                control={
                  <Checkbox
                    checked={parts.includes(part)}
                    onChange={(event) =>
                      setParts((list) =>
                        event.target.checked ? [...list, part] : list.filter((other) => other !== part),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <FormControlLabel
            control={<Switch checked={replace} onChange={(event) => setReplace(event.target.checked)} />}
            label={t('employee.copy.replace')}
          />
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <Typography variant="subtitle2">
                {t('employee.copy.targets', { count: targets.length })}
              </Typography>
              <Box sx={{ flex: 1 }} />
              <Button size="small" onClick={() => setPickerOpen(true)}>
                {t('employee.copy.chooseTargets')}
              </Button>
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="copy-targets">
              {targets.map((row) => (
                <Chip
                  key={row.id}
                  size="small"
                  label={`${row.lastName}, ${row.firstName}`}
                  onDelete={() => setTargets((list) => list.filter((other) => other.id !== row.id))}
                />
              ))}
            </Box>
          </Box>
          {problem ? (
            <Alert severity="warning" role="alert">
              {problem}
            </Alert>
          ) : null}
          {copy.error ? (
            <Alert severity="error" role="alert">
              {errorMessage(copy.error, t)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={copy.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={copy.isPending}>
          {t('employee.copy.confirm')}
        </Button>
      </DialogActions>
      <EmployeePickerDialog
        open={pickerOpen}
        multiple
        value={targets.map((r) => r.id)}
        title={t('employee.copy.chooseTargets')}
        onClose={() => setPickerOpen(false)}
        onSelect={(rows) => {
          setPickerOpen(false);
          // The picker hands over the newly chosen employees; those chosen before stay.
          setTargets((list) => [
            ...list,
            ...rows.filter((row) => row.id !== employee.id && !list.some((other) => other.id === row.id)),
          ]);
        }}
      />
    </Dialog>
  );
}
