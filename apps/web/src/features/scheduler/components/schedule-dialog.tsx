import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import { describeSchedule } from '@schutzwerk/shared/scheduler/describe-schedule.ts';
import type { Schedule, Task } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useUpdateTaskSchedule } from '../api/update-task-schedule.ts';

const UNITS = [
  { key: 'days', seconds: 86_400 },
  { key: 'hours', seconds: 3600 },
  { key: 'minutes', seconds: 60 },
  { key: 'seconds', seconds: 1 },
] as const;
type UnitKey = (typeof UNITS)[number]['key'];

function splitInterval(seconds: number): { value: string; unit: UnitKey } {
  const unit = UNITS.find((u) => seconds % u.seconds === 0) ?? UNITS[3];
  return { value: String(seconds / unit.seconds), unit: unit.key };
}

type Props = { task: Task; onClose: () => void; onSaved: (task: Task) => void };

/** Edit a task's schedule: a fixed interval or a cron expression (checked by the server, German messages). */
export function ScheduleDialog({ task, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const mutation = useUpdateTaskSchedule(task.id);
  const initialInterval = splitInterval(task.schedule.kind === 'interval' ? task.schedule.seconds : 900);
  const [kind, setKind] = useState<Schedule['kind']>(task.schedule.kind);
  const [intervalValue, setIntervalValue] = useState(initialInterval.value);
  const [unit, setUnit] = useState<UnitKey>(initialInterval.unit);
  const [cron, setCron] = useState(task.schedule.kind === 'cron' ? task.schedule.cron : '*/15 * * * *');
  const [localError, setLocalError] = useState<string | null>(null);

  const intervalNumber = /^\d+$/.test(intervalValue.trim()) ? Number(intervalValue.trim()) : Number.NaN;
  const draft: Schedule | null =
    kind === 'cron'
      ? { kind: 'cron', cron }
      : Number.isInteger(intervalNumber) && intervalNumber > 0
        ? { kind: 'interval', seconds: intervalNumber * (UNITS.find((u) => u.key === unit)?.seconds ?? 1) }
        : null;
  const preview = draft ? describeSchedule(draft) : null;

  const serverFields = fieldErrors(mutation.error);
  const cronError = kind === 'cron' ? serverFields['schedule.cron'] : undefined;
  const intervalError =
    kind === 'interval' ? (localError ?? serverFields['schedule.seconds'] ?? undefined) : undefined;
  const generalError =
    mutation.error && !cronError && !intervalError ? errorMessage(mutation.error, t) : null;

  const close = () => {
    if (!mutation.isPending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) {
      setLocalError(t('scheduler.dialog.intervalRequired'));
      return;
    }
    setLocalError(null);
    mutation.mutate({ version: task.version, schedule: draft }, { onSuccess: onSaved });
  };

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="schedule-dialog-title"
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH, width: '100%' } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="schedule-dialog-title">
          {t('scheduler.dialog.title', { name: task.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {generalError ? (
              <Alert severity="error" role="alert">
                {generalError}
              </Alert>
            ) : null}
            <FormControl>
              <FormLabel id="schedule-kind-label">{t('scheduler.dialog.kind')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="schedule-kind-label"
                value={kind}
                onChange={(event) => {
                  setKind(event.target.value as Schedule['kind']);
                  mutation.reset();
                  setLocalError(null);
                }}
              >
                <FormControlLabel
                  value="interval"
                  control={<Radio />}
                  label={t('scheduler.dialog.kindInterval')}
                />
                <FormControlLabel value="cron" control={<Radio />} label={t('scheduler.dialog.kindCron')} />
              </RadioGroup>
            </FormControl>
            {kind === 'interval' ? (
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) 160px',
                  gap: 2,
                  alignItems: 'start',
                }}
              >
                <TextField
                  label={t('scheduler.dialog.every')}
                  value={intervalValue}
                  onChange={(event) => setIntervalValue(event.target.value)}
                  error={Boolean(intervalError)}
                  helperText={intervalError ?? t('scheduler.dialog.intervalHelp')}
                  disabled={mutation.isPending}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-required': true } }}
                  fullWidth
                />
                <TextField
                  select
                  label={t('scheduler.dialog.unit')}
                  value={unit}
                  onChange={(event) => setUnit(event.target.value as UnitKey)}
                  disabled={mutation.isPending}
                  fullWidth
                >
                  {[...UNITS].reverse().map((u) => (
                    <MenuItem key={u.key} value={u.key}>
                      {t(`scheduler.dialog.units.${u.key}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            ) : (
              <TextField
                label={t('scheduler.dialog.cron')}
                value={cron}
                onChange={(event) => setCron(event.target.value)}
                error={Boolean(cronError)}
                helperText={cronError ?? t('scheduler.dialog.cronHelp')}
                disabled={mutation.isPending}
                autoFocus
                slotProps={{
                  htmlInput: { 'aria-required': true, maxLength: 120, spellCheck: false },
                  input: { sx: { fontFamily: 'monospace' } },
                }}
              />
            )}
            {preview ? (
              <Typography variant="body2" color="text.secondary" data-testid="schedule-preview">
                {t('scheduler.dialog.preview', { text: preview })}
              </Typography>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={mutation.isPending}>
            {t('scheduler.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('scheduler.dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
