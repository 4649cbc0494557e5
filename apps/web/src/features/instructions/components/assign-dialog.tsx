import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import {
  ASSIGNABLE_TYPES,
  type CreateAssignmentsResult,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useAssignTopic } from '../api/assign-topic.ts';

type Props = {
  open: boolean;
  topic: Topic;
  onClose: () => void;
  onAssigned: (result: CreateAssignmentsResult) => void;
};

/**
 * 'Mitarbeiter zuweisen': the employees (picker, several), the due date (default: the topic's), the kind of item
 * (instruction, appointment or occupational-medical check-up — the latter two are booked in „Meine Termine“,
 * decision 060), one-time.
 */
export function AssignDialog({ open, ...props }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <AssignForm {...props} titleId={titleId} />
    </Dialog>
  );
}

function AssignForm({ topic, onClose, onAssigned, titleId }: Omit<Props, 'open'> & { titleId: string }) {
  const { t } = useTranslation();
  const assign = useAssignTopic();
  const [chosen, setChosen] = useState<EmployeePickerRow[]>([]);
  const [dueDate, setDueDate] = useState(topic.dueDate ?? '');
  const [oneTime, setOneTime] = useState(false);
  const [type, setType] = useState<(typeof ASSIGNABLE_TYPES)[number]>('instruction');
  const [pickerOpen, setPickerOpen] = useState(false);
  const errors = fieldErrors(assign.error);
  const submit = () =>
    assign.mutate(
      { topicId: topic.id, employeeIds: chosen.map((e) => e.id), dueDate: dueDate || null, oneTime, type },
      { onSuccess: onAssigned },
    );
  return (
    <>
      <DialogTitle id={titleId}>
        {t('instructions.assignTitle', { name: `${topic.identifier} ${topic.label}` })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box>
            <Button startIcon={<PersonAddIcon />} onClick={() => setPickerOpen(true)}>
              {t('instructions.chooseEmployees')}
            </Button>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }} data-testid="assign-chosen">
              {chosen.map((e) => (
                <Chip
                  key={e.id}
                  label={`${e.lastName}, ${e.firstName} (${e.personnelNumber})`}
                  onDelete={() => setChosen((list) => list.filter((x) => x.id !== e.id))}
                />
              ))}
            </Box>
            <FormHelperText error={Boolean(errors.employeeIds)}>
              {errors.employeeIds ?? t('instructions.chosenCount', { count: chosen.length })}
            </FormHelperText>
          </Box>
          <TextField
            type="date"
            label={t('instructions.assignDueDate')}
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
            error={Boolean(errors.dueDate)}
            helperText={errors.dueDate ?? t('instructions.assignDueDateHint')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label={t('instructions.assignType')}
            value={type}
            onChange={(e) => setType(e.target.value as (typeof ASSIGNABLE_TYPES)[number])}
            helperText={t('instructions.assignTypeHint')}
          >
            {ASSIGNABLE_TYPES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`instructions.assignTypes.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={oneTime} onChange={(e) => setOneTime(e.target.checked)} />}
            label={t('instructions.oneTime')}
          />
          {assign.error && Object.keys(errors).length === 0 && (
            <Alert severity="error" role="alert">
              {errorMessage(assign.error, t)}
            </Alert>
          )}
        </Stack>
        <EmployeePickerDialog
          open={pickerOpen}
          multiple
          value={chosen}
          onClose={() => setPickerOpen(false)}
          onSelect={(rows) => setChosen(rows)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('instructions.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={assign.isPending}>
          {t('instructions.assign')}
        </Button>
      </DialogActions>
    </>
  );
}
