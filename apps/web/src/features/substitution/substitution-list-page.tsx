import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { SubstitutionTestRow } from '@schutzwerk/shared/substances/substitution.schema.ts';
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
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { SUBSTITUTION_LIST_SOURCE, useCreateSubstitutionTest } from './api/substitution.ts';

type StoredFilter = { orderDirection: SortDirection; onlyOpen: boolean };
const DEFAULT_FILTER: StoredFilter = { orderDirection: 'desc', onlyOpen: false };
const isStoredFilter = (value: unknown): value is StoredFilter =>
  typeof value === 'object' &&
  value !== null &&
  ((value as StoredFilter).orderDirection === 'asc' || (value as StoredFilter).orderDirection === 'desc') &&
  typeof (value as StoredFilter).onlyOpen === 'boolean';

/** /substances/substitution: the substitution tests (§ 6 GefStoffV), searched by substance name (decision 050). */
export function SubstitutionListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [count, setCount] = useState<number | null>(null);
  const create = useCreateSubstitutionTest();

  useToolbar({
    title: t('substitution.listTitle'),
    back: '/substances/list',
    search: { value: search, onChange: setSearch, label: t('substitution.searchLabel') },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.HAZMAT_SUBSTITUTION])
      ? () =>
          create.mutate(
            {},
            {
              onSuccess: (test) => {
                notify(t('substitution.created'));
                void navigate(`/substances/substitution/${test.id}`);
              },
              onError: (error) => notify(errorMessage(error, t), 'error'),
            },
          )
      : undefined,
    filter: {
      value: filter.onlyOpen,
      defaultValue: DEFAULT_FILTER.onlyOpen,
      onClick: () => updateFilter({ onlyOpen: !filter.onlyOpen }),
      label: t('substitution.onlyOpen'),
    },
  });

  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<SubstitutionTestRow>[]>(
    () => [
      {
        id: 'substances',
        header: t('substitution.columns.substances'),
        minWidth: 220,
        grow: 2.5,
        render: (r) => r.substanceNames || '–',
      },
      {
        id: 'testDate',
        header: t('substitution.columns.testDate'),
        sortKey: 'testDate',
        minWidth: 100,
        grow: 0.6,
        render: (r) => (r.testDate ? formatDate(r.testDate) : ''),
      },
      {
        id: 'riskLevel',
        header: t('substitution.columns.riskLevel'),
        sortKey: 'riskLevel',
        minWidth: 90,
        grow: 0.5,
        render: (r) => (r.riskLevel === null ? '' : String(r.riskLevel)),
      },
      {
        id: 'recommendation',
        header: t('substitution.columns.recommendation'),
        minWidth: 130,
        grow: 0.8,
        render: (r) => (r.recommendation ? t(`substitution.recommendations.${r.recommendation}`) : ''),
      },
      {
        id: 'state',
        header: t('substitution.columns.state'),
        minWidth: 140,
        grow: 0.8,
        render: (r) => (
          <Chip
            size="small"
            color={r.finished ? 'success' : 'default'}
            label={t(r.finished ? 'substitution.states.finished' : 'substitution.states.open')}
          />
        ),
      },
      {
        id: 'nextDueDate',
        header: t('substitution.columns.nextDueDate'),
        minWidth: 110,
        grow: 0.6,
        render: (r) => (r.nextDueDate ? formatDate(r.nextDueDate) : ''),
      },
      {
        id: 'responsible',
        header: t('substitution.columns.responsible'),
        minWidth: 140,
        grow: 1,
        render: (r) => r.responsibleName ?? '',
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <ListCount count={count} grow />
      <ScrollingList<SubstitutionTestRow>
        source={SUBSTITUTION_LIST_SOURCE}
        label={t('substitution.listTitle')}
        columns={columns}
        search={search}
        params={filter.onlyOpen ? { onlyOpen: true } : {}}
        orderBy="id"
        orderDirection={filter.orderDirection}
        onSortChange={(_orderBy, orderDirection) => updateFilter({ orderDirection })}
        onRowClick={(row) => navigate(`/substances/substitution/${row.id}`)}
        onTotalChange={onTotalChange}
      />
    </Box>
  );
}
