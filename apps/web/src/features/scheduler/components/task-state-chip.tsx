import Chip, { type ChipProps } from '@mui/material/Chip';
import type { TaskState } from '@schutzwerk/shared/scheduler/scheduler.schema.ts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TaskState, ChipProps['color']> = {
  blocked: 'info',
  complete: 'default',
  error: 'error',
  none: 'default',
  normal: 'success',
  paused: 'warning',
};

/** The spec's trigger state as a coloured chip with its German label. */
export function TaskStateChip({ state }: { state: TaskState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[state]}
      variant={state === 'none' || state === 'complete' ? 'outlined' : 'filled'}
      label={t(`scheduler.states.${state}`)}
      data-state={state}
    />
  );
}
