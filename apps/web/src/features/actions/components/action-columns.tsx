import Chip from '@mui/material/Chip';
import { ACTION_TYPE_LABELS, type ActionRow } from '@schutzwerk/shared/actions/actions.schema.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { DueDate } from './due-date.tsx';

/** The columns of an action list; the list page adds the source, the panel leaves it out. */
export function useActionColumns({ withSource }: { withSource: boolean }) {
  const { t } = useTranslation();
  return useMemo<ScrollingListColumn<ActionRow>[]>(() => {
    const columns: ScrollingListColumn<ActionRow>[] = [
      {
        id: 'designation',
        header: t('actions.designation'),
        sortKey: 'designation',
        minWidth: 220,
        grow: 3,
        render: (r) => r.designation,
      },
      {
        id: 'type',
        header: t('actions.type'),
        sortKey: 'type',
        minWidth: 120,
        grow: 0.8,
        render: (r) => (r.type ? ACTION_TYPE_LABELS[r.type] : ''),
      },
      {
        id: 'dueDate',
        header: t('actions.dueDate'),
        sortKey: 'dueDate',
        minWidth: 150,
        grow: 0.8,
        // No date renders nothing (not an empty element), so a compact line leaves it out.
        render: (r) => (r.dueDate ? <DueDate value={r.dueDate} done={r.done} /> : ''),
      },
      {
        id: 'responsible',
        header: t('actions.responsible'),
        sortKey: 'responsible',
        minWidth: 150,
        render: (r) => r.responsibleName,
      },
      { id: 'executor', header: t('actions.executor'), minWidth: 150, render: (r) => r.executorName },
      {
        id: 'state',
        header: t('actions.state'),
        sortKey: 'done',
        minWidth: 110,
        grow: 0.6,
        render: (r) =>
          r.done ? (
            <Chip size="small" color="success" label={t('actions.stateDone')} />
          ) : r.taskState === 'problem' ? (
            <Chip size="small" color="warning" label={t('actions.stateProblem')} />
          ) : (
            t('actions.stateOpen')
          ),
      },
    ];
    if (withSource) {
      columns.splice(1, 0, {
        id: 'location',
        header: t('actions.location'),
        sortKey: 'location',
        minWidth: 140,
        render: (r) => r.locationName ?? '',
      });
      columns.push({
        id: 'source',
        header: t('actions.source'),
        minWidth: 160,
        render: (r) => r.sourceLabel,
      });
    }
    return columns;
  }, [t, withSource]);
}
