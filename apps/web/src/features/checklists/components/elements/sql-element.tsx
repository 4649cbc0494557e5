import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnswerValue, ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { useRefreshSqlCell } from '../../api/refresh-sql-cell.ts';

type Props = {
  label: string;
  value: AnswerValue;
  cell: string;
  checklistId: number;
  instance: ChecklistInstance;
  disabled: boolean;
  /** The instance after the value was read (its version rose). */
  onRead: (instance: ChecklistInstance) => void;
};

/** A SQL cell: its value is read on the server by the cell's query (report sandbox, the filler's data rights). */
export function SqlElement({ label, value, cell, checklistId, instance, disabled, onRead }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const refresh = useRefreshSqlCell(checklistId, instance.id);
  const shown =
    value === null || value === undefined
      ? t('checklists.fill.sqlNone')
      : typeof value === 'number'
        ? value.toLocaleString('de-DE')
        : String(value);
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId}>{label}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Typography variant="h6" component="output">
          {shown}
        </Typography>
        {!disabled && (
          <Button
            variant="outlined"
            size="small"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate({ version: instance.version, cell }, { onSuccess: onRead })}
          >
            {t('checklists.fill.sqlRead')}
          </Button>
        )}
      </Stack>
      {refresh.error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {errorMessage(refresh.error, t)}
        </Alert>
      )}
    </Box>
  );
}
