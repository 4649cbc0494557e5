import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChecklistElement, parseInterval } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, instantNow, useNow } from './clock.ts';

type Props = {
  element: Extract<ChecklistElement, { type: 'timer' }>;
  /** ISO interval `<start>/<stop>`, `<start>/` while running, '' before the start. */
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
};

const time = (d: Date) => d.toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit' });

/** A time recording cell: start, stop, and the recorded duration. */
export function TimerElement({ element, value, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const interval = value ? parseInterval(value) : null;
  const running = interval !== null && interval.stop === null;
  const now = useNow(running);
  const duration = interval ? (interval.stop?.getTime() ?? now) - interval.start.getTime() : 0;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId}>
        {element.label}
        {element.required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="h6" component="output">
          {formatDuration(duration)}
        </Typography>
        {interval && (
          <Typography variant="body2">
            {interval.stop
              ? t('checklists.fill.timerFromTo', { from: time(interval.start), to: time(interval.stop) })
              : t('checklists.fill.timerSince', { from: time(interval.start) })}
          </Typography>
        )}
        {!disabled && !interval && (
          <Button variant="outlined" onClick={() => onChange(`${instantNow()}/`)}>
            {t('checklists.fill.timerStart')}
          </Button>
        )}
        {!disabled && running && interval && (
          <Button
            variant="contained"
            onClick={() => {
              onChange(`${value.slice(0, -1)}/${instantNow()}`);
            }}
          >
            {t('checklists.fill.timerStop')}
          </Button>
        )}
        {!disabled && interval && !running && (
          <Button onClick={() => onChange('')}>{t('checklists.fill.timerReset')}</Button>
        )}
      </Stack>
    </Box>
  );
}
