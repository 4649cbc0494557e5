import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { ProfileRow } from '@schutzwerk/shared/instructions/profiles.schema.ts';
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
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatNumber } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useCreateProfile } from './api/create-profile.ts';
import { PROFILE_LIST_SOURCE } from './api/profile-keys.ts';

type StoredFilter = { orderDirection: SortDirection };
const DEFAULT_FILTER: StoredFilter = { orderDirection: 'asc' };
const isStoredFilter = (value: unknown): value is StoredFilter =>
  typeof value === 'object' &&
  value !== null &&
  ['asc', 'desc'].includes((value as Record<string, unknown>).orderDirection as string);

/** /instructions/profiles: the instruction profiles of the portal (list protocol), 'Neues Profil'. */
export function ProfilesListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [createOpen, setCreateOpen] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  useToolbar({
    title: t('instructionProfiles.listTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
    onAdd: () => setCreateOpen(true),
  });
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<ProfileRow>[]>(
    () => [
      {
        id: 'label',
        header: t('instructionProfiles.label'),
        sortKey: 'label',
        minWidth: 220,
        grow: 2,
        render: (r) => r.label,
      },
      {
        id: 'description',
        header: t('instructionProfiles.description'),
        minWidth: 200,
        grow: 2,
        render: (r) => r.description,
      },
      {
        id: 'topicCount',
        header: t('instructionProfiles.topicCount'),
        minWidth: 100,
        grow: 0.5,
        render: (r) => formatNumber(r.topicCount),
      },
      {
        id: 'sourceCount',
        header: t('instructionProfiles.sourceCount'),
        minWidth: 100,
        grow: 0.5,
        render: (r) => formatNumber(r.sourceCount),
      },
    ],
    [t],
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <ListCount count={count} grow />
      <ScrollingList<ProfileRow>
        source={PROFILE_LIST_SOURCE}
        label={t('instructionProfiles.listTitle')}
        columns={columns}
        search={search}
        orderBy="label"
        orderDirection={filter.orderDirection}
        onSortChange={(_, orderDirection) => updateFilter({ orderDirection })}
        onRowClick={(row) => navigate(`/instructions/profiles/${row.id}`)}
        onTotalChange={onTotalChange}
        emptyText={t('instructionProfiles.empty')}
      />
      <CreateProfileDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(id) => {
          setCreateOpen(false);
          void navigate(`/instructions/profiles/${id}`);
        }}
      />
    </Box>
  );
}

/** 'Neues Unterweisungsprofil': the label; topics and sources follow on the record. */
function CreateProfileDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateProfile();
  const [label, setLabel] = useState('');
  const fields = fieldErrors(create.error);
  const close = () => {
    setLabel('');
    create.reset();
    onClose();
  };
  const submit = () =>
    create.mutate(
      { label },
      {
        onSuccess: (result) => {
          setLabel('');
          notify(t('instructionProfiles.created'));
          onCreated(result.profile.id);
        },
      },
    );
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-profile-title">
      <DialogTitle id="create-profile-title">{t('instructionProfiles.createTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('instructionProfiles.createHint')}</DialogContentText>
        <TextField
          autoFocus
          required
          label={t('instructionProfiles.label')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
          error={Boolean(fields.label)}
          helperText={fields.label}
          fullWidth
          margin="normal"
        />
        {create.error && Object.keys(fields).length === 0 && (
          <Alert severity="error">{errorMessage(create.error, t)}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('instructionProfiles.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {t('instructionProfiles.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
