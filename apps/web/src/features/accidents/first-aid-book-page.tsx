import Box from '@mui/material/Box';
import type { FirstAidRow } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { formatDateTime } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { FIRST_AID_LIST_SOURCE } from './api/accident-keys.ts';
import { FirstAidEntryDialog } from './components/first-aid-entry-dialog.tsx';

const ORDER_COLUMNS = ['occurredAt', 'personName', 'place'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type StoredFilter = { orderBy: OrderColumn; orderDirection: SortDirection };
const DEFAULT_FILTER: StoredFilter = { orderBy: 'occurredAt', orderDirection: 'desc' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc')
  );
}

/**
 * /firstaid/list: the electronic first-aid book (Verbandbuch). First aiders see and add their own entries; with
 * FIRST_AID_BOOK_ALL every entry of the portal; what happened and the first aid only for the recorder and the
 * health right (decision 047).
 */
export function FirstAidBookPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [count, setCount] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);

  useToolbar({
    title: t('accidents.firstAid.title'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.FIRST_AID_BOOK]) ? () => setOpen(true) : undefined,
  });
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const hidden = t('accidents.healthHiddenShort');
  const columns = useMemo<ScrollingListColumn<FirstAidRow>[]>(
    () => [
      {
        id: 'occurredAt',
        header: t('accidents.firstAid.occurredAt'),
        sortKey: 'occurredAt',
        minWidth: 130,
        grow: 0.7,
        compact: 'trailing',
        render: (r) => formatDateTime(r.occurredAt),
      },
      {
        id: 'personName',
        header: t('accidents.firstAid.person'),
        sortKey: 'personName',
        minWidth: 160,
        grow: 1.2,
        compact: 'primary',
        render: (r) => r.personName,
      },
      {
        id: 'place',
        header: t('accidents.firstAid.place'),
        sortKey: 'place',
        minWidth: 140,
        grow: 1,
        compact: 'secondary',
        render: (r) => r.place,
      },
      {
        id: 'whatHappened',
        header: t('accidents.firstAid.whatHappened'),
        minWidth: 180,
        grow: 1.5,
        compact: 'hidden',
        render: (r) => r.whatHappened ?? hidden,
      },
      {
        id: 'firstAid',
        header: t('accidents.firstAid.firstAid'),
        minWidth: 180,
        grow: 1.5,
        compact: 'hidden',
        render: (r) => r.firstAid ?? hidden,
      },
      {
        id: 'recordedBy',
        header: t('accidents.firstAid.recordedBy'),
        minWidth: 140,
        grow: 1,
        compact: 'hidden',
        render: (r) => r.recordedByName ?? '',
      },
    ],
    [t, hidden],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <ListCount count={count} />
      <ScrollingList<FirstAidRow>
        source={FIRST_AID_LIST_SOURCE}
        label={t('accidents.firstAid.title')}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onTotalChange={onTotalChange}
        reloadKey={reloadKey}
      />
      <FirstAidEntryDialog
        open={open}
        onClose={() => setOpen(false)}
        onCreated={() => {
          setOpen(false);
          notify(t('accidents.firstAid.saved'));
          setReloadKey((k) => k + 1);
        }}
      />
    </Box>
  );
}
