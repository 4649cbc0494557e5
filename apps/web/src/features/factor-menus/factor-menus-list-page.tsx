import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { FactorMenuRow } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { FACTOR_MENU_LIST_SOURCE } from './api/factor-menu-sources.ts';
import { useImportFactorMenu } from './api/import-factor-menu.ts';

const ORDER_COLUMNS = ['name', 'active', 'standard'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type StoredFilter = { orderBy: OrderColumn; orderDirection: SortDirection };
const DEFAULT_FILTER: StoredFilter = { orderBy: 'name', orderDirection: 'asc' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc')
  );
}

/** Status chips of a menu: Standardmenü, Aktiv / Inaktiv. */
export function FactorMenuChips({ standard, active }: { standard: boolean; active: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5}>
      {standard && <Chip size="small" color="info" label={t('factorMenus.standardChip')} />}
      <Chip
        size="small"
        color={active ? 'success' : 'default'}
        label={active ? t('factorMenus.activeChip') : t('factorMenus.inactiveChip')}
      />
    </Stack>
  );
}

/** /hazardanalysis/factormenus: the factor menus with search, 'Neu' and the import of an export file. */
export function FactorMenusListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [count, setCount] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const imported = useImportFactorMenu();

  useToolbar({
    title: t('factorMenus.listTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: () => void navigate('/hazardanalysis/factormenus/new'),
    onUpload: () => fileInput.current?.click(),
  });

  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<FactorMenuRow>[]>(
    () => [
      {
        id: 'name',
        header: t('factorMenus.name'),
        sortKey: 'name',
        minWidth: 240,
        grow: 3,
        render: (r) => r.name,
      },
      {
        id: 'registerCount',
        header: t('factorMenus.registerCount'),
        minWidth: 90,
        grow: 0.5,
        render: (r) => formatNumber(r.registerCount),
      },
      {
        id: 'factorCount',
        header: t('factorMenus.factorCount'),
        minWidth: 90,
        grow: 0.5,
        render: (r) => formatNumber(r.factorCount),
      },
      {
        id: 'active',
        header: t('factorMenus.status'),
        sortKey: 'active',
        minWidth: 180,
        grow: 1,
        render: (r) => <FactorMenuChips standard={r.standard} active={r.active} />,
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="factor-menu-import-input"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          imported.mutate(await file.text(), {
            onSuccess: (menu) => {
              notify(t('factorMenus.imported', { name: menu.name }));
              void navigate(`/hazardanalysis/factormenus/${menu.id}`);
            },
          });
        }}
      />
      {imported.error ? (
        <Alert severity="error" role="alert" onClose={() => imported.reset()}>
          {errorMessage(imported.error, t)}
        </Alert>
      ) : null}
      <ListCount count={count} />
      <ScrollingList<FactorMenuRow>
        source={FACTOR_MENU_LIST_SOURCE}
        label={t('factorMenus.listTitle')}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/hazardanalysis/factormenus/${row.id}`)}
        onTotalChange={onTotalChange}
      />
    </Box>
  );
}
