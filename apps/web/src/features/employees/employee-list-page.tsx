import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  EMPLOYEE_ACTIVE_FILTER,
  EMPLOYEE_LIST_ORDER_COLUMNS,
  EMPLOYEE_STATUSES,
  EMPLOYEE_TYPES,
  type EmployeeListRow,
  type EmployeeStatus,
  type EmployeeType,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import {
  EMPLOYEE_STATUS_FIELD_GROUP,
  employeeFieldAccess,
} from '@schutzwerk/shared/employees/field-access.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { TFunction } from 'i18next';
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
import { ReportPrintDialog } from '#features/reports/index.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { EMPLOYEE_LIST_SOURCE } from './api/employee-sources.ts';
import { CreateEmployeeDialog } from './components/create-employee-dialog.tsx';

type ActiveFilter = 0 | 1 | 2;
type OrderColumn = (typeof EMPLOYEE_LIST_ORDER_COLUMNS)[number];
type StoredFilter = {
  active: ActiveFilter;
  /** '' = all types / all statuses. */
  type?: '' | EmployeeType;
  status?: '' | EmployeeStatus;
  orderBy: OrderColumn;
  orderDirection: SortDirection;
};

const DEFAULT_FILTER: StoredFilter = {
  active: EMPLOYEE_ACTIVE_FILTER.ACTIVE,
  type: '',
  status: '',
  orderBy: 'lastName',
  orderDirection: 'asc',
};

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.active === 0 || v.active === 1 || v.active === 2) &&
    (v.type === undefined || v.type === '' || (EMPLOYEE_TYPES as readonly unknown[]).includes(v.type)) &&
    (v.status === undefined ||
      v.status === '' ||
      (EMPLOYEE_STATUSES as readonly unknown[]).includes(v.status)) &&
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
  const navigate = useNavigate();
  const notify = useNotify();
  const { pathname } = useLocation();
  const { canAny } = usePermissions();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [count, setCount] = useState<number | null>(null);
  const [createOpen, setCreateOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);

  // Without the right to see inactive employees there is nothing to switch: the server shows active ones only.
  const canShowInactive = canAny([P.EMPLOYEES_SHOW_INACTIVE]);
  const canCreate = canAny([P.EMPLOYEES_CREATE]);
  const active: ActiveFilter = canShowInactive ? filter.active : EMPLOYEE_ACTIVE_FILTER.ACTIVE;
  const nextActive = () => updateFilter({ active: ((active + 1) % 3) as ActiveFilter });

  const filterLabel = t(FILTER_LABEL_KEYS[active]);
  useToolbar({
    title: t('employees.listTitle'),
    search: { value: search, onChange: setSearch },
    // Highlighted while another filter than the default ('Nur aktive') is active.
    filter: canShowInactive
      ? {
          value: active,
          defaultValue: DEFAULT_FILTER.active,
          label: `${t('employees.filterLabel', { filter: filterLabel })} – ${t('employees.filterHint')}`,
          onClick: nextActive,
        }
      : undefined,
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canCreate ? () => setCreateOpen(true) : undefined,
    onUpload: canAny([P.EMPLOYEES_IMPORT]) ? () => void navigate('/employee/import') : undefined,
    // Reports of this module ('employee'); the picker offers only those the user may run.
    onPrint: () => setPrintOpen(true),
  });

  // The same field-level rights as the record: filters and columns on data the user may not read are not
  // offered (the server refuses such filters, decision 027); a stored choice of them is not sent.
  const access = useMemo(() => employeeFieldAccess(canAny), [canAny]);
  const statuses = EMPLOYEE_STATUSES.filter((value) => {
    const group = EMPLOYEE_STATUS_FIELD_GROUP[value];
    return group === null || access[group];
  });
  const type = access.extended ? (filter.type ?? '') : '';
  const status = filter.status && statuses.includes(filter.status) ? filter.status : '';
  const params = useMemo(
    () => ({ active, ...(type ? { type } : {}), ...(status ? { status } : {}) }),
    [active, type, status],
  );
  const filtered = active !== DEFAULT_FILTER.active || type !== '' || status !== '';
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);

  const columns = useMemo<ScrollingListColumn<EmployeeListRow>[]>(
    () => [
      {
        id: 'personnelNumber',
        header: t('employees.personnelNumber'),
        sortKey: 'personnelNumber',
        minWidth: 110,
        grow: 0.6,
        // Phones: 'Nachname, Vorname' on the first line, the number first on the second.
        compact: 'secondary',
        render: (row) => row.personnelNumber,
      },
      {
        id: 'lastName',
        header: t('employees.lastName'),
        sortKey: 'lastName',
        compact: 'primary',
        render: (row) => row.lastName,
      },
      {
        id: 'firstName',
        header: t('employees.firstName'),
        sortKey: 'firstName',
        compact: 'primary',
        render: (row) => row.firstName,
      },
      ...(access.extended ? [typeColumn(t)] : []),
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
      ...(canShowInactive ? [statusColumn(t)] : []),
    ],
    [t, canShowInactive, access.extended],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        {canShowInactive ? (
          <Chip
            data-testid="employee-filter-chip"
            label={filterLabel}
            color={active === DEFAULT_FILTER.active ? 'primary' : 'warning'}
            variant={active === DEFAULT_FILTER.active ? 'outlined' : 'filled'}
            onClick={nextActive}
          />
        ) : null}
        {access.extended ? (
          <TextField
            select
            size="small"
            label={t('employees.typeFilter')}
            value={type}
            onChange={(event) => updateFilter({ type: event.target.value as '' | EmployeeType })}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="">{t('employees.types.all')}</MenuItem>
            {EMPLOYEE_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`employees.types.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <TextField
          select
          size="small"
          label={t('employees.statusFilter')}
          value={status}
          onChange={(event) => updateFilter({ status: event.target.value as '' | EmployeeStatus })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('employees.statuses.all')}</MenuItem>
          {statuses.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`employees.statuses.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {filtered ? (
          <Button
            size="small"
            onClick={() => updateFilter({ active: DEFAULT_FILTER.active, type: '', status: '' })}
          >
            {t('employees.resetFilters')}
          </Button>
        ) : null}
        <ListCount count={count} />
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
        onRowClick={(row) => navigate(`/employee/${row.id}`)}
        onTotalChange={onTotalChange}
      />
      {canCreate ? (
        <CreateEmployeeDialog
          open={createOpen}
          onClose={() => setCreateOpen(false)}
          onCreated={(employee) => {
            setCreateOpen(false);
            notify(t('employee.created'));
            void navigate(`/employee/${employee.id}`);
          }}
        />
      ) : null}
      {printOpen ? <ReportPrintDialog controller="employee" onClose={() => setPrintOpen(false)} /> : null}
    </Box>
  );
}

function typeColumn(t: TFunction): ScrollingListColumn<EmployeeListRow> {
  return {
    id: 'type',
    header: t('employees.type'),
    minWidth: 110,
    grow: 0.5,
    render: (row) =>
      row.isExternal || row.isTempWorker ? (
        <Chip
          size="small"
          variant="outlined"
          color="info"
          label={row.isTempWorker ? t('employees.types.tempWorker') : t('employees.types.external')}
        />
      ) : (
        t('employees.types.employee')
      ),
  };
}

function statusColumn(t: TFunction): ScrollingListColumn<EmployeeListRow> {
  return {
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
  };
}
