import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ActivityPickerRow } from '@schutzwerk/shared/activities/activity.schema.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import {
  ATTACH_SETTINGS,
  type HazardAnalysis,
  type HazardAnalysisDraftRow,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { nohlCriteriaQueryOptions } from '#components/nohl-matrix/use-nohl-criteria.ts';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import {
  DepartmentPickerField,
  LocationPickerField,
  type TreeChoice,
} from '#components/picker-field/tree-picker-field.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { ActivityPickerDialog } from '#features/activities/index.ts';
import { PrintAssessmentButton } from '#features/hazard-analysis-print/index.ts';
import { HazardBrickPickerDialog } from '#features/hazard-bricks/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { formatDate } from '#lib/format.ts';
import { formatEmployeeName, usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useAddHazards } from './api/add-hazards.ts';
import { useDeleteHazardAnalysis } from './api/delete-hazard-analysis.ts';
import { useEndInheritance } from './api/end-inheritance.ts';
import { hazardAnalysisQueryOptions, useHazardAnalysis } from './api/get-hazard-analysis.ts';
import { useHazardAnalysisVersions } from './api/get-hazard-analysis-versions.ts';
import { HAZARD_ANALYSIS_DRAFT_PICKER_SOURCE } from './api/hazard-analysis-sources.ts';
import { useInheritHazardAnalysis } from './api/inherit-hazard-analysis.ts';
import { useReleaseHazardAnalysis } from './api/release-hazard-analysis.ts';
import { useReorderHazards } from './api/reorder-hazards.ts';
import { useSetHazardAnalysisActive } from './api/set-hazard-analysis-active.ts';
import { useUpdateHazardAnalysis } from './api/update-hazard-analysis.ts';
import { AnalysisDocuments } from './components/analysis-documents.tsx';
import { FactorMenuField } from './components/factor-menu-field.tsx';
import { HazardDialog } from './components/hazard-dialog.tsx';
import { HazardsTable } from './components/hazards-table.tsx';
import { RemoveHazardDialog } from './components/remove-hazard-dialog.tsx';

/** The deletion refusals after which inactivation is offered instead (spec: hazard assessment states). */
const INACTIVATE_INSTEAD = new Set(['ROUTE_FOUND', 'VERSION_FOUND', 'FOREIGN_ENTRY']);

export function HazardAnalysisPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useHazardAnalysis(id ?? 0, id !== null);
  // The risk chips need the criteria: ask for them together with the assessment, not after its rows render.
  usePrefetchQuery(nohlCriteriaQueryOptions());
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('hazardAnalysis.editTitle')}
      back="/hazardanalysis/list"
      notFoundHint={t('hazardAnalysis.notFound')}
      backLabel={t('hazardAnalysis.backToList')}
    >
      {(analysis, key) => <HazardAnalysisEditor key={key} initial={analysis} />}
    </RecordPageLoader>
  );
}

type Header = {
  bezeichnung: string;
  location: TreeChoice | null;
  department: TreeChoice | null;
  activity: { id: number; name: string } | null;
  attachSetting: number;
  factorMenuId: number | null;
};

const headerOf = (a: HazardAnalysis): Header => ({
  bezeichnung: a.bezeichnung,
  location: a.location,
  department: a.department,
  activity: a.activity,
  attachSetting: a.attachSetting,
  factorMenuId: a.factorMenuId,
});

const today = () => new Date().toISOString().slice(0, 10);
const inOneYear = () => {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 1);
  return d.toISOString().slice(0, 10);
};

function HazardAnalysisEditor({ initial }: { initial: HazardAnalysis }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const session = useSessionUser();
  // Follows the cached record; the page's loader has just fetched it, so mounting does not fetch it again.
  const analysis =
    useQuery({ ...hazardAnalysisQueryOptions(initial.id), refetchOnMount: false }).data ?? initial;
  const versions = useHazardAnalysisVersions(initial.id);
  const fetchLatest = () =>
    queryClient.fetchQuery({ ...hazardAnalysisQueryOptions(initial.id), staleTime: 0 });
  const header = useVersionedDraft<HazardAnalysis, Header>({
    record: initial,
    draftOf: headerOf,
    fetchLatest,
  });
  const updateHeader = useUpdateHazardAnalysis(initial.id);
  const addHazards = useAddHazards(initial.id);
  const reorder = useReorderHazards(initial.id);
  const releaseMutation = useReleaseHazardAnalysis(initial.id);
  const setActive = useSetHazardAnalysisActive(initial.id);
  const remove = useDeleteHazardAnalysis(initial.id);
  const inherit = useInheritHazardAnalysis(initial.id);
  const endInheritance = useEndInheritance(initial.id);
  const leaving = useRef(false);

  const [dialog, setDialog] = useState<
    | 'bricks'
    | 'addResponsible'
    | 'activity'
    | 'release'
    | 'delete'
    | 'active'
    | 'inherit'
    | 'factorMenu'
    | null
  >(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [pendingBricks, setPendingBricks] = useState<number[]>([]);
  const me = session.employee;
  const meRow: EmployeePickerRow = {
    id: me.id,
    lastName: me.lastName ?? '',
    firstName: me.firstName ?? '',
    personnelNumber: me.personnelNumber ?? '',
    departmentName: null,
  };
  const [addResponsible, setAddResponsible] = useState<EmployeePickerRow | null>(meRow);
  const [release, setRelease] = useState({
    releaseDate: today(),
    nextCheckDate: inOneYear(),
    responsible: meRow as EmployeePickerRow | null,
  });
  const [activeComment, setActiveComment] = useState('');
  const templateColumns = useMemo<ScrollingListColumn<HazardAnalysisDraftRow>[]>(
    () => [{ id: 'bezeichnung', header: t('hazardAnalysis.bezeichnung'), render: (r) => r.bezeichnung }],
    [t],
  );

  const template = analysis.isTemplate;
  const writable = analysis.active;
  const canHeader = writable && canAny([template ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_EDIT]);
  const canHazards = writable && canAny([template ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_HAZARDS]);
  const canRelease =
    !template && writable && !analysis.release.released && canAny([P.HAZARDANALYSIS_RELEASE]);
  const canActivate = canAny([P.HAZARDANALYSIS_ACTIVATE]);
  const canInherit = !template && writable && canAny([P.HAZARDANALYSIS_INHERITANCE]);
  const canDelete = canAny([template ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_DELETE]);
  const headerErrors = fieldErrors(updateHeader.error);
  const back = template ? '/hazardanalysis/draft' : '/hazardanalysis/list';

  /** Every write answers the whole assessment; the header form follows (its typed values stay). */
  const adopted = (a: HazardAnalysis) => header.adopt(a);

  /** Hazards whose factor a change of the factor menu would clear (the server clears them). */
  const factorsCleared =
    header.draft.factorMenuId !== analysis.factorMenuId
      ? analysis.hazards.filter((h) => h.factorIds.length > 0).length
      : 0;

  const saveHeader = (confirmed = false) => {
    if (updateHeader.isPending) return;
    if (factorsCleared > 0 && !confirmed) {
      setDialog('factorMenu');
      return;
    }
    dismissNotification();
    const d = header.draft;
    updateHeader.mutate(
      {
        version: analysis.version,
        bezeichnung: d.bezeichnung,
        locationId: d.location?.id ?? null,
        departmentId: d.department?.id ?? null,
        activityId: d.activity?.id ?? null,
        attachSetting: d.attachSetting,
        ...(d.factorMenuId !== header.base.factorMenuId ? { factorMenuId: d.factorMenuId } : {}),
      },
      {
        onSuccess: (a) => {
          header.saved(a);
          notify(t('hazardAnalysis.saved'));
        },
        onError: header.saveFailed,
      },
    );
  };

  useToolbar({
    title: t(template ? 'hazardAnalysis.editDraftTitle' : 'hazardAnalysis.editTitle'),
    back,
    onSave: canHeader ? () => saveHeader() : undefined,
    saveDisabled: !header.dirty || updateHeader.isPending,
  });
  const unsavedDialog = useUnsavedChangesGuard(header.dirty, leaving);
  const headerError =
    updateHeader.error && !header.conflict && Object.keys(headerErrors).length === 0
      ? errorMessage(updateHeader.error, t)
      : null;
  const writeError = [addHazards, reorder, inherit, endInheritance].find((m) => m.error)?.error;

  const move = (index: number, delta: number) => {
    const ids = analysis.hazards.map((h) => h.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved as number);
    reorder.mutate({ version: analysis.version, hazardIds: ids }, { onSuccess: adopted });
  };
  // A stable callback for the memoised hazards table (it calls the latest `move`).
  const moveRef = useRef(move);
  moveRef.current = move;
  const onMove = useCallback((index: number, delta: number) => moveRef.current(index, delta), []);

  const editingHazard = analysis.hazards.find((h) => h.id === editing) ?? null;
  const releaseErrors = fieldErrors(releaseMutation.error);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      {header.conflict && (
        <ConflictAlert message={t('hazardAnalysis.conflict')} onReload={header.reloadLatest} />
      )}
      {headerError && <Alert severity="error">{headerError}</Alert>}
      {!analysis.active && (
        <Alert severity="info" data-testid="inactive-info">
          {t('hazardAnalysis.inactiveInfo', { comment: analysis.inactiveComment })}
        </Alert>
      )}
      {analysis.release.released && (
        <Alert severity="success" data-testid="released-info">
          {t('hazardAnalysis.releasedInfo', {
            date: formatDate(analysis.release.releaseDate ?? ''),
            name: formatEmployeeName(analysis.release.responsible),
            next: formatDate(analysis.release.nextCheckDate ?? ''),
            number: analysis.versionNumber + 1,
          })}
        </Alert>
      )}
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('hazardAnalysis.masterData')}
          </Typography>
          {!template && (
            <Chip
              data-testid="version-chip"
              label={`${t('hazardAnalysis.versionLabel', { number: analysis.versionNumber })} · ${t(
                analysis.release.released ? 'hazardAnalysis.released' : 'hazardAnalysis.inWork',
              )}`}
              color={analysis.release.released ? 'success' : 'default'}
            />
          )}
          <PrintAssessmentButton analysisId={analysis.id} />
          {canRelease && (
            <Button variant="contained" onClick={() => setDialog('release')}>
              {t('hazardAnalysis.release')}
            </Button>
          )}
          {canActivate && (
            <Button onClick={() => setDialog('active')}>
              {t(analysis.active ? 'hazardAnalysis.deactivate' : 'hazardAnalysis.activate')}
            </Button>
          )}
          {canDelete && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')}>
              {t('hazardAnalysis.delete')}
            </Button>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <TextField
            required
            label={t('hazardAnalysis.bezeichnung')}
            value={header.draft.bezeichnung}
            onChange={(e) => header.set({ bezeichnung: e.target.value })}
            error={Boolean(headerErrors.bezeichnung)}
            helperText={headerErrors.bezeichnung}
            disabled={!canHeader}
          />
          <LocationPickerField
            required={!template}
            label={t('hazardAnalysis.location')}
            value={header.draft.location}
            onChange={(location) => header.set({ location })}
            error={Boolean(headerErrors.locationId)}
            helperText={headerErrors.locationId}
            disabled={!canHeader}
            clearable={template}
          />
          <DepartmentPickerField
            label={t('hazardAnalysis.department')}
            value={header.draft.department}
            onChange={(department) => header.set({ department })}
            error={Boolean(headerErrors.departmentId)}
            helperText={headerErrors.departmentId}
            disabled={!canHeader}
            clearable
          />
          <PickerField
            label={t('hazardAnalysis.activity')}
            value={header.draft.activity?.name ?? ''}
            onOpen={() => setDialog('activity')}
            onClear={() => header.set({ activity: null })}
            clearLabel={t('hazardAnalysis.clear')}
            disabled={!canHeader}
            error={Boolean(headerErrors.activityId)}
            helperText={headerErrors.activityId}
          />
          <TextField
            select
            label={t('hazardAnalysis.attachSetting')}
            value={header.draft.attachSetting}
            onChange={(e) => header.set({ attachSetting: Number(e.target.value) })}
            disabled={!canHeader}
          >
            {ATTACH_SETTINGS.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`hazardAnalysis.attach${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <FactorMenuField
            value={header.draft.factorMenuId}
            onChange={(factorMenuId) => header.set({ factorMenuId })}
            disabled={!canHeader}
            error={Boolean(headerErrors.factorMenuId)}
            helperText={headerErrors.factorMenuId}
          />
        </Box>
        {!template && (analysis.inheritanceTemplate || canInherit) && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }} data-testid="inheritance">
            <Typography sx={{ flex: 1 }}>
              {analysis.inheritanceTemplate
                ? t('hazardAnalysis.inheritsFrom', { name: analysis.inheritanceTemplate.name })
                : t('hazardAnalysis.noInheritance')}
            </Typography>
            {canInherit && !analysis.inheritanceTemplate && (
              <Button onClick={() => setDialog('inherit')}>{t('hazardAnalysis.inherit')}</Button>
            )}
            {canInherit && analysis.inheritanceTemplate && (
              <Button
                disabled={endInheritance.isPending}
                onClick={() => endInheritance.mutate(analysis.version, { onSuccess: adopted })}
              >
                {t('hazardAnalysis.endInheritance')}
              </Button>
            )}
          </Stack>
        )}
      </Paper>

      <Paper sx={{ p: 2 }} data-testid="hazards">
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('hazardAnalysis.hazards')}
          </Typography>
          {canHazards && (
            <Button onClick={() => setDialog('bricks')}>{t('hazardAnalysis.addFromBricks')}</Button>
          )}
        </Stack>
        {writeError ? <Alert severity="error">{errorMessage(writeError, t)}</Alert> : null}
        {analysis.hazards.length === 0 ? (
          <Typography color="text.secondary">{t('hazardAnalysis.noHazards')}</Typography>
        ) : (
          <HazardsTable
            hazards={analysis.hazards}
            canHazards={canHazards}
            reorderPending={reorder.isPending}
            onEdit={setEditing}
            onMove={onMove}
            onRemove={setRemoving}
          />
        )}
      </Paper>

      <AnalysisDocuments analysis={analysis} onChanged={() => void fetchLatest().then(adopted)} />

      {!template && (
        <Paper sx={{ p: 2, overflowX: 'auto' }} data-testid="versions">
          <Typography variant="h6" sx={{ mb: 1 }}>
            {t('hazardAnalysis.versions')}
          </Typography>
          {(versions.data ?? []).length === 0 ? (
            <Typography color="text.secondary">{t('hazardAnalysis.noVersions')}</Typography>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('hazardAnalysis.versionNumber')}</TableCell>
                  <TableCell>{t('hazardAnalysis.releaseDate')}</TableCell>
                  <TableCell>{t('hazardAnalysis.releaseResponsible')}</TableCell>
                  <TableCell>{t('hazardAnalysis.nextCheckDate')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {(versions.data ?? []).map((v) => (
                  <TableRow key={v.id}>
                    <TableCell>{v.versionNumber}</TableCell>
                    <TableCell>{formatDate(v.releaseDate)}</TableCell>
                    <TableCell>{v.responsibleName}</TableCell>
                    <TableCell>{formatDate(v.nextCheckDate)}</TableCell>
                    <TableCell align="right">
                      <Button component={Link} to={`/hazardanalysis/ref/${v.id}`}>
                        {t('hazardAnalysis.openVersion')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      )}

      {editingHazard && (
        <HazardDialog
          key={editingHazard.id}
          analysis={analysis}
          hazard={editingHazard}
          readOnly={!canHazards}
          onClose={() => setEditing(null)}
          onSaved={(a) => {
            adopted(a);
            setEditing(null);
            notify(t('hazardAnalysis.saved'));
          }}
          onReload={async () => {
            const latest = await fetchLatest();
            adopted(latest);
            return latest;
          }}
          onChanged={adopted}
        />
      )}
      <RemoveHazardDialog
        analysis={analysis}
        hazard={analysis.hazards.find((h) => h.id === removing) ?? null}
        onClose={() => setRemoving(null)}
        onRemoved={(a) => {
          adopted(a);
          setRemoving(null);
          notify(t('hazardAnalysis.hazardRemoved'));
        }}
      />
      <HazardBrickPickerDialog
        open={dialog === 'bricks'}
        variant="all"
        multiple
        // The picker closes after onSelect: keep the responsible dialog that onSelect opened.
        onClose={() => setDialog((d) => (d === 'bricks' ? null : d))}
        onSelect={(rows) => {
          setPendingBricks(rows.map((r) => r.id));
          addHazards.reset();
          setDialog('addResponsible');
        }}
      />
      <ConfirmDialog
        open={dialog === 'addResponsible'}
        title={t('hazardAnalysis.addResponsibleTitle')}
        destructive={false}
        text={
          <Box sx={{ pt: 1 }}>
            <EmployeePickerField
              required
              label={t('hazardAnalysis.responsible')}
              value={addResponsible}
              onChange={setAddResponsible}
            />
          </Box>
        }
        confirmLabel={t('hazardAnalysis.add')}
        error={addHazards.error}
        pending={addHazards.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          addHazards.mutate(
            {
              version: analysis.version,
              brickIds: pendingBricks,
              responsibleId: (addResponsible?.id ?? null) as number,
            },
            {
              onSuccess: (a) => {
                adopted(a);
                setDialog(null);
              },
            },
          )
        }
      />
      <PickerDialog<HazardAnalysisDraftRow>
        open={dialog === 'inherit'}
        onClose={() => setDialog(null)}
        onSelect={(rows) => {
          const row = rows[0];
          setDialog(null);
          if (row) inherit.mutate({ version: analysis.version, templateId: row.id }, { onSuccess: adopted });
        }}
        title={t('hazardAnalysis.chooseTemplate')}
        source={HAZARD_ANALYSIS_DRAFT_PICKER_SOURCE}
        columns={templateColumns}
        getRowId={(r) => r.id}
        orderBy="bezeichnung"
      />
      <ActivityPickerDialog
        open={dialog === 'activity'}
        onClose={() => setDialog(null)}
        onSelect={(rows: ActivityPickerRow[]) => {
          const row = rows[0];
          header.set({ activity: row ? { id: row.id, name: row.name } : null });
          setDialog(null);
        }}
      />
      <ConfirmDialog
        open={dialog === 'release'}
        title={t('hazardAnalysis.releaseTitle')}
        destructive={false}
        text={
          <Stack spacing={2} sx={{ pt: 1 }}>
            <span>{t('hazardAnalysis.releaseText', { number: analysis.versionNumber })}</span>
            <TextField
              type="date"
              required
              label={t('hazardAnalysis.releaseDate')}
              value={release.releaseDate}
              onChange={(e) => setRelease((r) => ({ ...r, releaseDate: e.target.value }))}
              error={Boolean(releaseErrors.releaseDate)}
              helperText={releaseErrors.releaseDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              required
              label={t('hazardAnalysis.nextCheckDate')}
              value={release.nextCheckDate}
              onChange={(e) => setRelease((r) => ({ ...r, nextCheckDate: e.target.value }))}
              error={Boolean(releaseErrors.nextCheckDate)}
              helperText={releaseErrors.nextCheckDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <EmployeePickerField
              required
              label={t('hazardAnalysis.releaseResponsible')}
              value={release.responsible}
              onChange={(responsible) => setRelease((r) => ({ ...r, responsible }))}
              error={Boolean(releaseErrors.responsibleId)}
              helperText={releaseErrors.responsibleId}
            />
          </Stack>
        }
        confirmLabel={t('hazardAnalysis.release')}
        error={Object.keys(releaseErrors).length === 0 ? releaseMutation.error : null}
        pending={releaseMutation.isPending}
        onClose={() => {
          releaseMutation.reset();
          setDialog(null);
        }}
        onConfirm={() =>
          releaseMutation.mutate(
            {
              version: analysis.version,
              releaseDate: release.releaseDate,
              nextCheckDate: release.nextCheckDate,
              responsibleId: (release.responsible?.id ?? 0) as number,
            },
            {
              onSuccess: (a) => {
                adopted(a);
                setDialog(null);
                notify(t('hazardAnalysis.releasedToast'));
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'active'}
        title={t(analysis.active ? 'hazardAnalysis.deactivateTitle' : 'hazardAnalysis.activateTitle')}
        destructive={analysis.active}
        text={
          <Stack spacing={2} sx={{ pt: 1 }}>
            <span>
              {t(analysis.active ? 'hazardAnalysis.deactivateText' : 'hazardAnalysis.activateText')}
            </span>
            {analysis.active && (
              <TextField
                required
                multiline
                minRows={2}
                label={t('hazardAnalysis.comment')}
                value={activeComment}
                onChange={(e) => setActiveComment(e.target.value)}
                error={Boolean(fieldErrors(setActive.error).comment)}
                helperText={fieldErrors(setActive.error).comment}
              />
            )}
          </Stack>
        }
        confirmLabel={t(analysis.active ? 'hazardAnalysis.deactivate' : 'hazardAnalysis.activate')}
        error={Object.keys(fieldErrors(setActive.error)).length === 0 ? setActive.error : null}
        pending={setActive.isPending}
        onClose={() => {
          setActive.reset();
          setDialog(null);
        }}
        onConfirm={() =>
          setActive.mutate(
            { version: analysis.version, active: !analysis.active, comment: activeComment },
            {
              onSuccess: (a) => {
                adopted(a);
                setActiveComment('');
                setDialog(null);
                notify(t(a.active ? 'hazardAnalysis.activated' : 'hazardAnalysis.deactivated'));
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'factorMenu'}
        title={t('hazardAnalysis.factorMenuChangeTitle')}
        text={t('hazardAnalysis.factorMenuChangeText', { count: factorsCleared })}
        confirmLabel={t('hazardAnalysis.factorMenuChangeConfirm')}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          saveHeader(true);
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('hazardAnalysis.deleteTitle')}
        text={t('hazardAnalysis.deleteText', { name: analysis.bezeichnung })}
        confirmLabel={t('hazardAnalysis.delete')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => {
          remove.reset();
          setDialog(null);
        }}
        extraActions={
          isApiError(remove.error) &&
          INACTIVATE_INSTEAD.has(remove.error.code) &&
          analysis.active &&
          canActivate ? (
            <Button
              onClick={() => {
                remove.reset();
                setDialog('active');
              }}
            >
              {t('hazardAnalysis.deactivate')}
            </Button>
          ) : null
        }
        onConfirm={() =>
          remove.mutate(analysis.version, {
            onSuccess: () => {
              leaving.current = true;
              setDialog(null);
              notify(t('hazardAnalysis.deleted'));
              void navigate(back, { replace: true });
            },
          })
        }
      />
      {unsavedDialog}
    </Stack>
  );
}
