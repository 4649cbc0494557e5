import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#lib/format.ts';
import { dueState } from '../due.ts';

/** The due date, highlighted when due today (orange) or overdue (red). */
export function DueDate({ value, done }: { value: string | null; done: boolean }) {
  const { t } = useTranslation();
  const state = dueState(value, done);
  if (!value) return null;
  if (!state) return <>{formatDate(value)}</>;
  return (
    <Chip
      size="small"
      color={state === 'overdue' ? 'error' : 'warning'}
      label={`${formatDate(value)} · ${state === 'overdue' ? t('actions.overdue') : t('actions.dueToday')}`}
    />
  );
}
