import Box from '@mui/material/Box';
import { ROLE_LIST_ORDER_COLUMNS, type RoleListRow } from '@schutzwerk/shared/roles/role.schema.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { formatNumber } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { ROLE_LIST_SOURCE } from './api/role-sources.ts';
import { CreateRoleDialog } from './components/create-role-dialog.tsx';

type OrderColumn = (typeof ROLE_LIST_ORDER_COLUMNS)[number];
type StoredFilter = { orderBy: OrderColumn; orderDirection: SortDirection };
const DEFAULT_FILTER: StoredFilter = { orderBy: 'name', orderDirection: 'asc' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ROLE_LIST_ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc')
  );
}

export function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [createOpen, setCreateOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);

  useToolbar({
    title: t('roles.listTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: () => setCreateOpen(true),
  });

  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<RoleListRow>[]>(
    () => [
      { id: 'name', header: t('roles.name'), sortKey: 'name', minWidth: 160, render: (row) => row.name },
      {
        id: 'description',
        header: t('roles.description'),
        minWidth: 200,
        grow: 2,
        render: (row) => (
          <Box component="span" sx={{ color: 'text.secondary' }} title={row.description}>
            {row.description}
          </Box>
        ),
      },
      {
        id: 'permissionCount',
        header: t('roles.permissionCount'),
        sortKey: 'permissionCount',
        minWidth: 90,
        grow: 0.4,
        align: 'right',
        render: (row) => (row.fullAccess ? t('roles.allPermissions') : formatNumber(row.permissionCount)),
      },
      {
        id: 'memberCount',
        header: t('roles.memberCount'),
        sortKey: 'memberCount',
        minWidth: 110,
        grow: 0.4,
        align: 'right',
        render: (row) => formatNumber(row.memberCount),
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <ListCount count={count} />
      <ScrollingList<RoleListRow>
        source={ROLE_LIST_SOURCE}
        label={t('roles.listTitle')}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/role/${row.id}`)}
        onTotalChange={onTotalChange}
      />
      <CreateRoleDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(role) => {
          setCreateOpen(false);
          notify(t('roles.created'));
          void navigate(`/role/${role.id}`);
        }}
      />
    </Box>
  );
}
