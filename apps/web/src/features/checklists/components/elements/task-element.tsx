import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChecklistElement, ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useCreateCellAction } from '../../api/create-cell-action.ts';

type Props = {
  element: Extract<ChecklistElement, { type: 'task' }>;
  cell: string;
  checklistId: number;
  instance: ChecklistInstance;
  disabled: boolean;
  /** The instance after the action was created (its version rose). */
  onCreated: (instance: ChecklistInstance) => void;
};

/** A task tracking cell: creates an action in the actions module and then shows it with its state. */
export function TaskElement({ element, cell, checklistId, instance, disabled, onCreated }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const create = useCreateCellAction(checklistId, instance.id);
  const [designation, setDesignation] = useState(element.designation);
  const [responsible, setResponsible] = useState<EmployeePickerRow | null>(null);
  const [dueDate, setDueDate] = useState('');
  const action = instance.actions[cell];
  const errors = fieldErrors(create.error);
  const general = create.error && Object.keys(errors).length === 0 ? errorMessage(create.error, t) : null;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId}>
        {element.label}
        {element.required ? ' *' : ''}
      </Typography>
      {action ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <Typography>{t('checklists.fill.taskAction', { designation: action.designation })}</Typography>
          <Chip
            size="small"
            color={action.done ? 'success' : 'warning'}
            label={action.done ? t('checklists.fill.taskDone') : t('checklists.fill.taskOpen')}
          />
        </Stack>
      ) : disabled ? (
        <Typography variant="body2">{t('checklists.fill.taskNone')}</Typography>
      ) : (
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          {general && (
            <Alert severity="error" role="alert">
              {general}
            </Alert>
          )}
          <TextField
            required
            size="small"
            label={t('checklists.fill.taskDesignation')}
            value={designation}
            onChange={(e) => setDesignation(e.target.value)}
            error={Boolean(errors.designation)}
            helperText={errors.designation}
          />
          <EmployeePickerField
            required
            label={t('checklists.fill.taskResponsible')}
            value={responsible}
            onChange={setResponsible}
            error={Boolean(errors.responsibleId)}
            helperText={errors.responsibleId}
          />
          <TextField
            type="date"
            size="small"
            label={t('checklists.fill.taskDue')}
            value={dueDate}
            onChange={(e) => setDueDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            disabled={create.isPending}
            onClick={() =>
              create.mutate(
                {
                  version: instance.version,
                  cell,
                  designation,
                  responsibleId: responsible?.id ?? 0,
                  dueDate: dueDate || null,
                },
                { onSuccess: onCreated },
              )
            }
          >
            {t('checklists.fill.taskCreate')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
