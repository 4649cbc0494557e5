import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChecklistElement } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, instantNow, useNow } from './clock.ts';

type Props = {
  element: Extract<ChecklistElement, { type: 'countdown' }>;
  /** The start instant (ISO) or '' before the start. */
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
};

/** A countdown cell: started once, it shows the time left of its minutes and then that it ran out. */
export function CountdownElement({ element, value, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const started = value ? Date.parse(value) : null;
  const end = started === null ? null : started + element.minutes * 60_000;
  const now = useNow(end !== null);
  const left = end === null ? element.minutes * 60_000 : end - now;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId}>
        {element.label}
        {element.required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="output" aria-live="off">
          {end !== null && left <= 0 ? t('checklists.fill.countdownOver') : formatDuration(left)}
        </Typography>
        {!disabled && (
          <Button variant="outlined" onClick={() => onChange(started === null ? instantNow() : '')}>
            {started === null ? t('checklists.fill.countdownStart') : t('checklists.fill.countdownReset')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
