import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  AUDIT_STATUSES,
  type AuditRow,
  type AuditStatus,
  createAuditSchema,
} from '@schutzwerk/shared/audits/audits.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { AUDIT_LIST_SOURCE } from './api/audit-keys.ts';
import { useCreateAudit } from './api/create-audit.ts';
import { type AuditDraft, AuditForm, auditInputOf, emptyAuditDraft } from './components/audit-form.tsx';
import { issuesByField } from './components/issues.ts';

const ORDER_COLUMNS = ['title', 'status', 'plannedOn', 'updatedAt'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type StoredFilter = { orderBy: OrderColumn; orderDirection: SortDirection; status: AuditStatus | 'all' };
const DEFAULT_FILTER: StoredFilter = { orderBy: 'plannedOn', orderDirection: 'asc', status: 'all' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    (v.status === 'all' || (AUDIT_STATUSES as readonly unknown[]).includes(v.status))
  );
}

/** /audits/list: the approval processes the caller may see (all of the portal with AUDIT_AUDITS_ALL). */
export function AuditsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [createOpen, setCreateOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);

  useToolbar({
    title: t('audits.listTitle'),
    search: { value: search, onChange: setSearch, label: t('audits.searchLabel') },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.AUDIT_AUDITS_CREATE]) ? () => setCreateOpen(true) : undefined,
  });

  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<AuditRow>[]>(
    () => [
      {
        id: 'title',
        header: t('audits.fields.title'),
        sortKey: 'title',
        minWidth: 200,
        grow: 2,
        render: (r) => r.title,
      },
      {
        id: 'status',
        header: t('audits.fields.status'),
        sortKey: 'status',
        minWidth: 120,
        grow: 0.8,
        render: (r) => t(`audits.status.${r.status}`),
      },
      {
        id: 'plannedOn',
        header: t('audits.fields.plannedOn'),
        sortKey: 'plannedOn',
        minWidth: 100,
        grow: 0.6,
        render: (r) => (r.plannedOn ? formatDate(r.plannedOn) : ''),
      },
      {
        id: 'responsible',
        header: t('audits.fields.responsible'),
        minWidth: 140,
        grow: 1,
        render: (r) => r.responsibleName,
      },
      {
        id: 'progress',
        header: t('audits.columns.progress'),
        minWidth: 100,
        grow: 0.6,
        render: (r) => `${r.doneCount} / ${r.checklistCount}`,
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('audits.statusFilter')}
          value={filter.status}
          onChange={(e) => updateFilter({ status: e.target.value as StoredFilter['status'] })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{t('audits.allStatuses')}</MenuItem>
          {AUDIT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`audits.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <ListCount count={count} grow />
      </Box>
      <ScrollingList<AuditRow>
        source={AUDIT_LIST_SOURCE}
        label={t('audits.listTitle')}
        columns={columns}
        search={search}
        params={{ status: filter.status }}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/audits/${row.id}`)}
        onTotalChange={onTotalChange}
      />
      {createOpen && (
        <CreateAuditDialog
          onClose={() => setCreateOpen(false)}
          onCreated={(id) => {
            notify(t('audits.created'));
            void navigate(`/audits/${id}`);
          }}
        />
      )}
    </Box>
  );
}

function CreateAuditDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateAudit();
  const [draft, setDraft] = useState<AuditDraft>(emptyAuditDraft);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const serverErrors = fieldErrors(create.error);
  const errors = { ...serverErrors, ...localErrors };
  const other = create.error && Object.keys(serverErrors).length === 0 ? errorMessage(create.error, t) : null;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = createAuditSchema.safeParse(auditInputOf(draft));
          setLocalErrors(checked.success ? {} : issuesByField(checked.error));
          if (!checked.success) return;
          create.mutate(checked.data, { onSuccess: (a) => onCreated(a.id) });
        }}
      >
        <DialogTitle id={titleId}>{t('audits.createTitle')}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            {(other || Object.keys(errors).length > 0) && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {other ?? t('audits.checkInput')}
              </Alert>
            )}
            <AuditForm
              draft={draft}
              errors={errors}
              onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('audits.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('audits.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
