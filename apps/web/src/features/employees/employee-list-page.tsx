import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  EMPLOYEE_ACTIVE_FILTER,
  EMPLOYEE_LIST_ORDER_COLUMNS,
  type EmployeeListRow,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useToolbar } from '#app/toolbar/toolbar-context.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { formatNumber } from '#lib/format.ts';
import { loadListFilter, loadListSearch, saveListFilter, saveListSearch } from '#lib/list-state.ts';
import { EMPLOYEE_LIST_SOURCE } from './api/employee-sources.ts';

type ActiveFilter = 0 | 1 | 2;
type OrderColumn = (typeof EMPLOYEE_LIST_ORDER_COLUMNS)[number];
type StoredFilter = { active: ActiveFilter; orderBy: OrderColumn; orderDirection: SortDirection };

const DEFAULT_FILTER: StoredFilter = {
  active: EMPLOYEE_ACTIVE_FILTER.ACTIVE,
  orderBy: 'lastName',
  orderDirection: 'asc',
};

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.active === 0 || v.active === 1 || v.active === 2) &&
    (EMPLOYEE_LIST_ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc')
  );
}

const FILTER_LABEL_KEYS = {
  0: 'employees.filterActive',
  1: 'employees.filterInactive',
  2: 'employees.filterAll',
} as const;

export function EmployeeListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [search, setSearch] = useState(() => loadListSearch(pathname));
  const [filter, setFilter] = useState<StoredFilter>(() =>
    loadListFilter(pathname, DEFAULT_FILTER, isStoredFilter),
  );
  const [count, setCount] = useState<number | null>(null);

  const updateFilter = (patch: Partial<StoredFilter>) => {
    setFilter((current) => {
      const next = { ...current, ...patch };
      saveListFilter(pathname, next);
      return next;
    });
  };

  const filterLabel = t(FILTER_LABEL_KEYS[filter.active]);
  useToolbar({
    title: t('employees.listTitle'),
    search: {
      value: search,
      onChange: (value) => {
        setSearch(value);
        saveListSearch(pathname, value);
      },
    },
    filter: {
      value: filter.active,
      label: `${t('employees.filterLabel', { filter: filterLabel })} – ${t('employees.filterHint')}`,
      onClick: () => updateFilter({ active: ((filter.active + 1) % 3) as ActiveFilter }),
    },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
  });

  const params = useMemo(() => ({ active: filter.active }), [filter.active]);
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);

  const columns = useMemo<ScrollingListColumn<EmployeeListRow>[]>(
    () => [
      {
        id: 'personnelNumber',
        header: t('employees.personnelNumber'),
        sortKey: 'personnelNumber',
        minWidth: 110,
        grow: 0.6,
        render: (row) => row.personnelNumber,
      },
      { id: 'lastName', header: t('employees.lastName'), sortKey: 'lastName', render: (row) => row.lastName },
      {
        id: 'firstName',
        header: t('employees.firstName'),
        sortKey: 'firstName',
        render: (row) => row.firstName,
      },
      {
        id: 'departmentName',
        header: t('employees.department'),
        sortKey: 'departmentName',
        minWidth: 140,
        render: (row) => row.departmentName ?? '',
      },
      {
        id: 'locationName',
        header: t('employees.location'),
        sortKey: 'locationName',
        minWidth: 140,
        render: (row) => row.locationName ?? '',
      },
      {
        id: 'active',
        header: t('employees.status'),
        minWidth: 90,
        grow: 0.5,
        render: (row) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.active ? 'success' : 'default'}
            label={row.active ? t('employees.active') : t('employees.inactive')}
          />
        ),
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Chip
          data-testid="employee-filter-chip"
          label={filterLabel}
          color={filter.active === 2 ? 'warning' : 'primary'}
          variant={filter.active === 0 ? 'outlined' : 'filled'}
          onClick={() => updateFilter({ active: ((filter.active + 1) % 3) as ActiveFilter })}
        />
        <Typography data-testid="list-count" color="text.secondary" variant="body2" aria-live="polite">
          {count === null ? '\u00a0' : t('common.entries', { count, formatted: formatNumber(count) })}
        </Typography>
      </Box>
      <ScrollingList<EmployeeListRow>
        source={EMPLOYEE_LIST_SOURCE}
        label={t('employees.listTitle')}
        params={params}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onTotalChange={onTotalChange}
      />
    </Box>
  );
}
