import { REMOVAL_ACTION_LABELS, type RemovalRow } from '@schutzwerk/shared/instructions/removals.schema.ts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { formatDate, formatDateTime } from '#lib/format.ts';
import { REMOVAL_LIST_SOURCE } from '../api/topic-keys.ts';

/** The topic's removed items with their classification, newest first (decision 080). */
export function TopicRemovals({ topicId, reloadKey }: { topicId: number; reloadKey: number }) {
  const { t } = useTranslation();
  const params = useMemo(() => ({ topicId }), [topicId]);
  const columns = useMemo<ScrollingListColumn<RemovalRow>[]>(
    () => [
      {
        id: 'employee',
        header: t('instructions.employee'),
        sortKey: 'employee',
        minWidth: 180,
        grow: 1.5,
        render: (r) => `${r.employeeName} (${r.personnelNumber})`,
      },
      {
        id: 'dueDate',
        header: t('instructions.due'),
        sortKey: 'dueDate',
        minWidth: 100,
        grow: 0.6,
        render: (r) => formatDate(r.dueDate),
      },
      {
        id: 'action',
        header: t('instructions.removal.action'),
        minWidth: 180,
        grow: 1.2,
        render: (r) =>
          r.replacementTopic
            ? `${REMOVAL_ACTION_LABELS[r.action]} – ${t('instructions.removal.replacedBy', {
                topic: `${r.replacementTopic.identifier} ${r.replacementTopic.label}`,
              })}`
            : REMOVAL_ACTION_LABELS[r.action],
      },
      {
        id: 'reason',
        header: t('instructions.removal.reason'),
        minWidth: 220,
        grow: 2,
        render: (r) => r.reason,
      },
      {
        id: 'removedAt',
        header: t('instructions.removal.removedAt'),
        sortKey: 'removedAt',
        minWidth: 140,
        grow: 0.8,
        render: (r) =>
          r.removedBy ? `${formatDateTime(r.removedAt)}, ${r.removedBy}` : formatDateTime(r.removedAt),
      },
    ],
    [t],
  );
  return (
    <ScrollingList<RemovalRow>
      source={REMOVAL_LIST_SOURCE}
      params={params}
      label={t('instructions.removal.history')}
      columns={columns}
      orderBy="removedAt"
      orderDirection="desc"
      reloadKey={reloadKey}
      emptyText={t('instructions.removal.noHistory')}
      sx={{ minHeight: 160, maxHeight: 320 }}
    />
  );
}
