import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ChecklistRow, createChecklistSchema } from '@schutzwerk/shared/checklists/checklists.schema.ts';
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
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { CHECKLIST_LIST_SOURCE } from './api/checklist-keys.ts';
import { useCreateChecklist } from './api/create-checklist.ts';
import { ImportDialog } from './components/import-dialog.tsx';

const ORDER_COLUMNS = ['label', 'category', 'module', 'updatedAt'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
type StoredFilter = { orderBy: OrderColumn; orderDirection: SortDirection; showInactive: boolean };
const DEFAULT_FILTER: StoredFilter = { orderBy: 'label', orderDirection: 'asc', showInactive: false };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    typeof v.showInactive === 'boolean'
  );
}

/** /checklists/list: the checklists of the portal, active ones first (filter for inactive). */
export function ChecklistsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [createOpen, setCreateOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);

  useToolbar({
    title: t('checklists.listTitle'),
    search: { value: search, onChange: setSearch, label: t('checklists.searchLabel') },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: canAny([P.AUDIT_CHECKLISTS_CREATE]) ? () => setCreateOpen(true) : undefined,
    onUpload:
      canAny([P.AUDIT_CHECKLISTS_IMPORT]) && canAny([P.AUDIT_CHECKLISTS_CREATE])
        ? () => setImportOpen(true)
        : undefined,
    filter: {
      value: filter.showInactive,
      defaultValue: DEFAULT_FILTER.showInactive,
      onClick: () => updateFilter({ showInactive: !filter.showInactive }),
      label: t('checklists.showInactive'),
    },
  });

  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<ChecklistRow>[]>(
    () => [
      {
        id: 'label',
        header: t('checklists.fields.label'),
        sortKey: 'label',
        minWidth: 220,
        grow: 2.5,
        render: (r) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{r.label}</span>
            {!r.active && <Chip size="small" label={t('checklists.inactiveChip')} />}
          </Stack>
        ),
      },
      {
        id: 'category',
        header: t('checklists.fields.category'),
        sortKey: 'category',
        minWidth: 140,
        grow: 1,
        render: (r) => r.category,
      },
      {
        id: 'module',
        header: t('checklists.fields.module'),
        sortKey: 'module',
        minWidth: 140,
        grow: 1,
        render: (r) => t(`checklists.modules.${r.module}`),
      },
      {
        id: 'cells',
        header: t('checklists.columns.cells'),
        minWidth: 80,
        grow: 0.4,
        render: (r) => r.cellCount,
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <ListCount count={count} grow />
      <ScrollingList<ChecklistRow>
        source={CHECKLIST_LIST_SOURCE}
        label={t('checklists.listTitle')}
        columns={columns}
        search={search}
        params={{ status: filter.showInactive ? 'all' : 'active' }}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/checklists/${row.id}`)}
        onTotalChange={onTotalChange}
      />
      <ImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={(id) => {
          notify(t('checklists.import.done'));
          void navigate(`/checklists/${id}`);
        }}
      />
      <CreateChecklistDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(id) => {
          notify(t('checklists.created'));
          void navigate(`/checklists/${id}`);
        }}
      />
    </Box>
  );
}

function CreateChecklistDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateChecklist();
  const [label, setLabel] = useState('');
  const [category, setCategory] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const errors = fieldErrors(create.error);
  const labelError = localError ?? errors.label;
  const other = create.error && !errors.label ? errorMessage(create.error, t) : null;
  const close = () => {
    create.reset();
    setLabel('');
    setCategory('');
    setLocalError(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = createChecklistSchema.safeParse({ label, category });
          const issue = checked.error?.issues.find((i) => i.path[0] === 'label');
          setLocalError(issue?.message ?? null);
          if (!checked.success) return;
          create.mutate(checked.data, {
            onSuccess: (c) => {
              close();
              onCreated(c.id);
            },
          });
        }}
      >
        <DialogTitle id={titleId}>{t('checklists.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {other && (
              <Alert severity="error" role="alert">
                {other}
              </Alert>
            )}
            <TextField
              required
              autoFocus
              label={t('checklists.fields.label')}
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              error={Boolean(labelError)}
              helperText={labelError}
            />
            <TextField
              label={t('checklists.fields.category')}
              value={category}
              onChange={(e) => setCategory(e.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('checklists.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('checklists.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
