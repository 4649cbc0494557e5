import AccountTreeIcon from '@mui/icons-material/AccountTree';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Activity, ActivityNode } from '@schutzwerk/shared/activities/activity.schema.ts';
import {
  ancestorIds,
  buildTree,
  compareNames,
  parentMap,
} from '@schutzwerk/shared/activities/activity-tree.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useParams } from 'react-router';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDeleteActivity } from './api/delete-activity.ts';
import { useActivity } from './api/get-activity.ts';
import { useActivityTree } from './api/get-activity-tree.ts';
import { useSetRoleBase } from './api/set-role-base.ts';
import { ActivityEditor, type EditorStatus } from './components/activity-editor.tsx';
import { filterNodes } from './components/activity-filter.ts';
import { ActivityTreeView } from './components/activity-tree-view.tsx';
import { ConfirmActivityDialog } from './components/confirm-activity-dialog.tsx';
import { CreateActivityDialog } from './components/create-activity-dialog.tsx';
import { MoveActivityDialog } from './components/move-activity-dialog.tsx';

const CLEAN: EditorStatus = { dirty: false, valid: true, saving: false };

/** /activities/list and /activities/:id — the tree on the left, the selected activity on the right. */
export function ActivitiesPage() {
  const { t } = useTranslation();
  const params = useParams();
  const linked = Number(params.id);
  const tree = useActivityTree();

  if (tree.isPending) return <PageToolbar>{<FullPageLoader />}</PageToolbar>;
  if (tree.error) {
    return (
      <PageToolbar>
        <Alert severity="error" role="alert">
          {errorMessage(tree.error, t)}
        </Alert>
      </PageToolbar>
    );
  }
  return (
    <ActivitiesWorkspace
      nodes={tree.data.nodes}
      roleBaseId={tree.data.roleBaseId}
      initialId={Number.isInteger(linked) && linked > 0 ? linked : null}
    />
  );
}

function PageToolbar({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useToolbar({ title: t('activities.title') });
  return children;
}

type Dialogs = 'create' | 'move' | 'delete' | 'roleBase' | null;

function ActivitiesWorkspace({
  nodes,
  roleBaseId,
  initialId,
}: {
  nodes: ActivityNode[];
  roleBaseId: number | null;
  initialId: number | null;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const canEdit = canAny([P.ACTIVITIES_EDIT]);
  const canMove = canAny([P.ACTIVITIES_MOVE]);
  const canSetRoleBase = canAny([P.ACTIVITIES_ROLE_TREE]) && roleBaseId === null;

  const parents = useMemo(() => parentMap(nodes), [nodes]);
  const [selectedId, setSelectedId] = useState<number | null>(initialId);
  const [expanded, setExpanded] = useState<string[]>(() => {
    const open = new Set(nodes.filter((n) => n.parentId === null).map((n) => String(n.id)));
    if (initialId !== null) for (const id of ancestorIds(parents, initialId)) open.add(String(id));
    return [...open];
  });
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [pendingSelect, setPendingSelect] = useState<number | null>(null);
  const [status, setStatus] = useState<EditorStatus>(CLEAN);
  const saveRef = useRef<(() => void) | null>(null);

  const detail = useActivity(selectedId);
  const selected = detail.data && detail.data.id === selectedId ? detail.data : undefined;
  const remove = useDeleteActivity();
  const roleBase = useSetRoleBase();

  const visible = useMemo(() => filterNodes(nodes, filter), [nodes, filter]);
  const items = useMemo(() => buildTree(visible, (a, b) => compareNames(a.name, b.name)), [visible]);
  // While filtering, every branch that leads to a match is open.
  const shownExpanded = filter.trim() ? visible.map((n) => String(n.id)) : expanded;

  const onStatusChange = useCallback((next: EditorStatus) => setStatus(next), []);

  // Unsaved changes: ask before leaving the page inside the app, warn the browser before unloading.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => status.dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!status.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status.dirty]);
  const discardOpen = pendingSelect !== null || blocker.state === 'blocked';
  const keepEditing = () => {
    setPendingSelect(null);
    blocker.reset?.();
  };
  const discard = () => {
    setStatus(CLEAN);
    if (blocker.state === 'blocked') {
      blocker.proceed?.();
      return;
    }
    setSelectedId(pendingSelect);
    setPendingSelect(null);
  };

  const select = (id: number) => {
    if (id === selectedId) return;
    if (status.dirty) {
      setPendingSelect(id);
      return;
    }
    setStatus(CLEAN);
    setSelectedId(id);
  };

  const reveal = (activity: Activity) => {
    const open = new Set(expanded);
    for (const p of activity.path) open.add(String(p.id));
    setExpanded([...open]);
    setStatus(CLEAN);
    setSelectedId(activity.id);
  };

  useToolbar({
    title: t('activities.title'),
    onAdd: canEdit ? () => setDialog('create') : undefined,
    onSave: canEdit && selected ? () => saveRef.current?.() : undefined,
    saveDisabled: !status.dirty || !status.valid || status.saving,
  });

  const closeDialog = () => {
    setDialog(null);
    remove.reset();
    roleBase.reset();
  };

  const selectedNode = selectedId === null ? undefined : nodes.find((n) => n.id === selectedId);
  const parentForCreate = selected
    ? { id: selected.id, name: selected.name, path: selected.path.map((p) => p.name).join(' › ') }
    : null;

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 2,
        width: '100%',
        maxWidth: 1400,
        mx: 'auto',
        alignItems: 'stretch',
      }}
    >
      <Paper
        variant="outlined"
        sx={{ p: 2, width: { md: 440 }, flexShrink: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {!canEdit ? (
          <Alert severity="info" data-testid="read-only-hint">
            {t('activities.readOnly')}
          </Alert>
        ) : null}
        {canEdit || canMove || canSetRoleBase ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {canMove ? (
              <Button
                size="small"
                variant="outlined"
                startIcon={<DriveFileMoveIcon />}
                disabled={!selected}
                onClick={() => setDialog('move')}
              >
                {t('activities.move')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button
                size="small"
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                disabled={!selected}
                onClick={() => setDialog('delete')}
              >
                {t('activities.delete')}
              </Button>
            ) : null}
            {canSetRoleBase ? (
              <Button
                size="small"
                variant="outlined"
                startIcon={<AccountTreeIcon />}
                disabled={!selected}
                onClick={() => setDialog('roleBase')}
              >
                {t('activities.setRoleBase')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        <TextField
          size="small"
          type="search"
          label={t('activities.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Box sx={{ overflow: 'auto', maxHeight: { md: 'calc(100vh - 300px)' }, minHeight: 200 }}>
          {items.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 1 }}>
              {nodes.length === 0 ? t('activities.empty') : t('activities.filterEmpty')}
            </Typography>
          ) : (
            <ActivityTreeView
              items={items}
              selectedId={selectedId}
              onSelect={select}
              expanded={shownExpanded}
              onExpandedChange={(ids) => {
                if (!filter.trim()) setExpanded(ids);
              }}
            />
          )}
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0 }}>
        {selectedId === null ? (
          <Typography color="text.secondary">{t('activities.selectHint')}</Typography>
        ) : detail.isPending ? (
          <FullPageLoader />
        ) : detail.error ? (
          <Alert
            severity={isApiError(detail.error) && detail.error.status === 404 ? 'warning' : 'error'}
            role="alert"
          >
            {isApiError(detail.error) && detail.error.status === 404
              ? t('activities.notFound')
              : errorMessage(detail.error, t)}
          </Alert>
        ) : selected ? (
          <ActivityEditor
            key={selected.id}
            activity={selected}
            readOnly={!canEdit}
            saveRef={saveRef}
            onStatusChange={onStatusChange}
          />
        ) : null}
      </Paper>

      {canEdit ? (
        <CreateActivityDialog
          open={dialog === 'create'}
          parent={parentForCreate}
          onClose={closeDialog}
          onCreated={(activity) => {
            closeDialog();
            notify(t('activities.created'));
            reveal(activity);
          }}
        />
      ) : null}
      {selected && dialog === 'move' ? (
        <MoveActivityDialog
          open
          activity={selected}
          nodes={nodes}
          onClose={closeDialog}
          onMoved={(activity) => {
            closeDialog();
            notify(t('activities.moved'));
            reveal(activity);
          }}
        />
      ) : null}
      {selected ? (
        <ConfirmActivityDialog
          open={dialog === 'delete'}
          title={t('activities.deleteTitle')}
          text={t('activities.deleteText', { name: selected.name })}
          confirmLabel={t('activities.delete')}
          pending={remove.isPending}
          error={remove.error}
          onClose={closeDialog}
          onConfirm={() =>
            remove.mutate(
              { id: selected.id, version: selected.version },
              {
                onSuccess: () => {
                  closeDialog();
                  notify(t('activities.deleted'));
                  setStatus(CLEAN);
                  setSelectedId(selectedNode?.parentId ?? null);
                },
              },
            )
          }
        />
      ) : null}
      {selected ? (
        <ConfirmActivityDialog
          open={dialog === 'roleBase'}
          title={t('activities.roleBaseTitle')}
          text={t('activities.roleBaseText', { name: selected.name })}
          confirmLabel={t('activities.roleBaseConfirm')}
          pending={roleBase.isPending}
          error={roleBase.error}
          onClose={closeDialog}
          onConfirm={() =>
            roleBase.mutate(
              { id: selected.id, version: selected.version },
              {
                onSuccess: () => {
                  closeDialog();
                  notify(t('activities.roleBaseSet'));
                },
              },
            )
          }
        />
      ) : null}
      <Dialog open={discardOpen} onClose={keepEditing}>
        <DialogTitle>{t('activities.unsavedTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('activities.unsavedText', { name: selected?.name ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={keepEditing} autoFocus>
            {t('activities.keepEditing')}
          </Button>
          <Button color="warning" variant="contained" onClick={discard}>
            {t('activities.discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
