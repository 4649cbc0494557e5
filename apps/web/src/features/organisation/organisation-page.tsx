import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDepartment } from './api/get-department.ts';
import { useLocation } from './api/get-location.ts';
import { type OrgTreeNode, useTree } from './api/get-tree.ts';
import type { OrgKind } from './api/organisation-keys.ts';
import { CreateNodeDialog } from './components/create-node-dialog.tsx';
import { DepartmentEditor } from './components/department-editor.tsx';
import type { EditorToolbar } from './components/editor-frame.tsx';
import { LocationEditor } from './components/location-editor.tsx';
import { OrgTree } from './components/org-tree.tsx';

const RIGHTS = {
  locations: { read: P.LOCATIONS, edit: P.LOCATIONS_EDIT, all: P.LOCATIONS_ALL },
  departments: { read: P.DEPARTMENTS, edit: P.DEPARTMENTS_EDIT, all: P.DEPARTMENTS_ALL },
} as const;

/** /locations/list and /locations/:id — the locations tree with the selected location's record. */
export function LocationsPage() {
  return <OrganisationPage kind="locations" />;
}

/** /departments/list and /departments/:id — reached through the tab on the locations page (decision 006). */
export function DepartmentsPage() {
  return <OrganisationPage kind="departments" />;
}

function OrganisationPage({ kind }: { kind: OrgKind }) {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const tree = useTree(kind);
  const [createOpen, setCreateOpen] = useState(false);
  const selectedId = params.id === undefined ? null : Number(params.id);
  const validId = selectedId === null || (Number.isInteger(selectedId) && selectedId > 0);
  const rights = RIGHTS[kind];
  const canEdit = canAny([rights.edit]);
  const canAll = canAny([rights.all]);
  const nodes = tree.data ?? [];
  const selected = nodes.find((n) => n.id === selectedId) ?? null;
  const title = t(`${kind}.title`);
  const onAdd = canEdit && (canAll || nodes.some((n) => n.editable)) ? () => setCreateOpen(true) : undefined;
  const toolbar: EditorToolbar = { title, onAdd };
  const showTabs = canAny([P.LOCATIONS]) && canAny([P.DEPARTMENTS]);
  // Nothing here may be changed: the tree says so once instead of disabled buttons everywhere.
  const readOnlyTree = !canAny(
    kind === 'locations'
      ? [P.LOCATIONS_EDIT, P.LOCATIONS_MOVE, P.LOCATIONS_DETAILS, P.LOCATIONS_RESPONSIBILITIES]
      : [P.DEPARTMENTS_EDIT, P.DEPARTMENTS_MOVE],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%', maxWidth: 1600, mx: 'auto' }}>
      {showTabs ? (
        <Tabs value={kind} aria-label={t('organisation.tabsLabel')}>
          <Tab value="locations" label={t('locations.tab')} component={Link} to="/locations/list" />
          <Tab value="departments" label={t('departments.tab')} component={Link} to="/departments/list" />
        </Tabs>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 360px) 1fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Paper
          variant="outlined"
          sx={{
            display: 'flex',
            flexDirection: 'column',
            maxHeight: { md: 'calc(100vh - 180px)' },
            minHeight: 200,
          }}
        >
          {readOnlyTree ? (
            <Alert severity="info" sx={{ m: 1 }} data-testid="read-only-tree">
              {t('organisation.readOnlyTree')}
            </Alert>
          ) : null}
          {tree.isPending ? (
            <FullPageLoader />
          ) : tree.error ? (
            <Alert severity="error" role="alert" sx={{ m: 1 }}>
              {errorMessage(tree.error, t)}
            </Alert>
          ) : (
            <OrgTree
              key={kind}
              memoryKey={kind}
              nodes={nodes}
              selectedId={selectedId}
              onSelect={(id) => void navigate(`/${kind}/${id}`)}
              label={t('organisation.treeLabel', { title })}
            />
          )}
        </Paper>
        <Box sx={{ minWidth: 0 }}>
          {selectedId === null ? (
            <NoSelection toolbar={toolbar} />
          ) : !validId ? (
            <NodeNotFound kind={kind} toolbar={toolbar} />
          ) : kind === 'locations' ? (
            <LocationDetail
              key={selectedId}
              id={selectedId}
              nodes={nodes}
              toolbar={toolbar}
              onDeleted={() => void navigate('/locations/list', { replace: true })}
            />
          ) : (
            <DepartmentDetail
              key={selectedId}
              id={selectedId}
              nodes={nodes}
              toolbar={toolbar}
              onDeleted={() => void navigate('/departments/list', { replace: true })}
            />
          )}
        </Box>
      </Box>
      <CreateNodeDialog
        kind={kind}
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        parent={selected?.editable ? { id: selected.id, name: selected.name } : null}
        topAllowed={canAll}
        onCreated={(id, name) => {
          setCreateOpen(false);
          notify(t(`${kind}.created`, { name }));
          void navigate(`/${kind}/${id}`);
        }}
      />
    </Box>
  );
}

function NoSelection({ toolbar }: { toolbar: EditorToolbar }) {
  const { t } = useTranslation();
  useToolbar({ title: toolbar.title, onAdd: toolbar.onAdd });
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="no-selection">
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('organisation.selectEntry')}
      </Typography>
      <Typography color="text.secondary">{t('organisation.selectHint')}</Typography>
    </Paper>
  );
}

function NodeNotFound({ kind, toolbar }: { kind: OrgKind; toolbar: EditorToolbar }) {
  const { t } = useTranslation();
  useToolbar({ title: toolbar.title, onAdd: toolbar.onAdd });
  return (
    <Alert
      severity="warning"
      data-testid="node-not-found"
      action={
        <Button
          component={Link}
          to={`/${kind}/list`}
          color="inherit"
          size="small"
          startIcon={<ArrowBackIcon />}
        >
          {t(`${kind}.title`)}
        </Button>
      }
    >
      {t('organisation.notFound')}
    </Alert>
  );
}

function DetailLoading({ toolbar, error, kind }: { toolbar: EditorToolbar; error: unknown; kind: OrgKind }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.status === 404) return <NodeNotFound kind={kind} toolbar={toolbar} />;
  return <DetailPlaceholder toolbar={toolbar}>{error ? errorMessage(error, t) : null}</DetailPlaceholder>;
}

function DetailPlaceholder({ toolbar, children }: { toolbar: EditorToolbar; children: string | null }) {
  useToolbar({ title: toolbar.title, onAdd: toolbar.onAdd });
  return children ? (
    <Alert severity="error" role="alert">
      {children}
    </Alert>
  ) : (
    <FullPageLoader />
  );
}

type DetailProps = {
  id: number;
  nodes: readonly OrgTreeNode[];
  toolbar: EditorToolbar;
  onDeleted: () => void;
};

function LocationDetail({ id, nodes, toolbar, onDeleted }: DetailProps) {
  const query = useLocation(id);
  // The editor starts from a fresh answer, never from an older cached copy (its version goes with the save).
  if (query.error || !query.data || !query.isFetchedAfterMount)
    return <DetailLoading kind="locations" toolbar={toolbar} error={query.error} />;
  return <LocationEditor location={query.data} nodes={nodes} toolbar={toolbar} onDeleted={onDeleted} />;
}

function DepartmentDetail({ id, nodes, toolbar, onDeleted }: DetailProps) {
  const query = useDepartment(id);
  if (query.error || !query.data || !query.isFetchedAfterMount)
    return <DetailLoading kind="departments" toolbar={toolbar} error={query.error} />;
  return <DepartmentEditor department={query.data} nodes={nodes} toolbar={toolbar} onDeleted={onDeleted} />;
}
