import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivityPickerRow } from '@schutzwerk/shared/activities/activity.schema.ts';
import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { nohlCriteriaQueryOptions } from '#components/nohl-matrix/use-nohl-criteria.ts';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { ActivityPickerDialog } from '#features/activities/index.ts';
import { QuestionnaireRouteSection } from '#features/questionnaires/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { formatEmployeeName, usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useAddHazards } from './api/add-hazards.ts';
import { useEndInheritance } from './api/end-inheritance.ts';
import { hazardAnalysisQueryOptions, useHazardAnalysis } from './api/get-hazard-analysis.ts';
import { useHazardAnalysisVersions } from './api/get-hazard-analysis-versions.ts';
import { useInheritHazardAnalysis } from './api/inherit-hazard-analysis.ts';
import { useReorderHazards } from './api/reorder-hazards.ts';
import { ActiveDialog } from './components/active-dialog.tsx';
import { AddHazardsDialogs } from './components/add-hazards-dialogs.tsx';
import { AnalysisDocuments } from './components/analysis-documents.tsx';
import { AnalysisMasterData } from './components/analysis-master-data.tsx';
import { AnalysisVersions } from './components/analysis-versions.tsx';
import { DeleteAnalysisDialog } from './components/delete-analysis-dialog.tsx';
import { HazardDialog } from './components/hazard-dialog.tsx';
import { HazardsTable } from './components/hazards-table.tsx';
import { InheritTemplateDialog } from './components/inherit-template-dialog.tsx';
import { ReleaseDialog } from './components/release-dialog.tsx';
import { RemoveHazardDialog } from './components/remove-hazard-dialog.tsx';
import { useAnalysisHeader } from './hooks/use-analysis-header.ts';

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

/** The one dialog of the editor open at a time. */
type EditorDialog =
  | 'bricks'
  | 'addResponsible'
  | 'activity'
  | 'release'
  | 'delete'
  | 'active'
  | 'inherit'
  | 'factorMenu'
  | null;

/**
 * The assessment editor: master data (components/analysis-master-data.tsx, the form in
 * hooks/use-analysis-header.ts), hazards, documents, released versions and the dialogs of each.
 */
function HazardAnalysisEditor({ initial }: { initial: HazardAnalysis }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  // Follows the cached record; the page's loader has just fetched it, so mounting does not fetch it again.
  const analysis =
    useQuery({ ...hazardAnalysisQueryOptions(initial.id), refetchOnMount: false }).data ?? initial;
  const versions = useHazardAnalysisVersions(initial.id);
  const fetchLatest = () =>
    queryClient.fetchQuery({ ...hazardAnalysisQueryOptions(initial.id), staleTime: 0 });
  const [dialog, setDialog] = useState<EditorDialog>(null);
  const { header, save, saving, errors, error, factorsCleared } = useAnalysisHeader({
    initial,
    analysis,
    fetchLatest,
    onConfirmFactorMenu: () => setDialog('factorMenu'),
  });
  const addHazards = useAddHazards(initial.id);
  const reorder = useReorderHazards(initial.id);
  const inherit = useInheritHazardAnalysis(initial.id);
  const endInheritance = useEndInheritance(initial.id);
  const leaving = useRef(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const template = analysis.isTemplate;
  const writable = analysis.active;
  const canHeader = writable && canAny([template ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_EDIT]);
  const canHazards = writable && canAny([template ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_HAZARDS]);
  const canRelease =
    !template && writable && !analysis.release.released && canAny([P.HAZARDANALYSIS_RELEASE]);
  const canActivate = canAny([P.HAZARDANALYSIS_ACTIVATE]);
  const canInherit = !template && writable && canAny([P.HAZARDANALYSIS_INHERITANCE]);
  const canDelete = canAny([template ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_DELETE]);
  const back = template ? '/hazardanalysis/draft' : '/hazardanalysis/list';

  /** Every write answers the whole assessment; the header form follows (its typed values stay). */
  const adopted = (a: HazardAnalysis) => header.adopt(a);

  useToolbar({
    title: t(template ? 'hazardAnalysis.editDraftTitle' : 'hazardAnalysis.editTitle'),
    back,
    onSave: canHeader ? () => save() : undefined,
    saveDisabled: !header.dirty || saving,
  });
  const unsavedDialog = useUnsavedChangesGuard(header.dirty, leaving);
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
  const closeDialog = () => setDialog(null);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      {header.conflict && (
        <ConflictAlert message={t('hazardAnalysis.conflict')} onReload={header.reloadLatest} />
      )}
      {error && <Alert severity="error">{error}</Alert>}
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
      <AnalysisMasterData
        analysis={analysis}
        draft={header.draft}
        onChange={header.set}
        errors={errors}
        can={{
          header: canHeader,
          release: canRelease,
          activate: canActivate,
          delete: canDelete,
          inherit: canInherit,
        }}
        onAction={setDialog}
        endInheritance={{
          pending: endInheritance.isPending,
          run: () => endInheritance.mutate(analysis.version, { onSuccess: adopted }),
        }}
      />

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
        <QuestionnaireRouteSection
          analysisId={analysis.id}
          version={analysis.version}
          title={analysis.bezeichnung}
          onStarted={() => void fetchLatest().then(adopted)}
        />
      )}

      {!template && <AnalysisVersions versions={versions.data ?? []} />}

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
      <AddHazardsDialogs
        analysis={analysis}
        picking={dialog === 'bricks'}
        confirming={dialog === 'addResponsible'}
        onPicked={() => setDialog('addResponsible')}
        // The picker closes after onSelect: keep the responsible dialog that onSelect opened.
        onPickerClosed={() => setDialog((d) => (d === 'bricks' ? null : d))}
        onClose={closeDialog}
        addHazards={addHazards}
        onAdded={(a) => {
          adopted(a);
          setDialog(null);
        }}
      />
      <InheritTemplateDialog
        open={dialog === 'inherit'}
        onClose={closeDialog}
        onChoose={(row) => {
          setDialog(null);
          if (row) inherit.mutate({ version: analysis.version, templateId: row.id }, { onSuccess: adopted });
        }}
      />
      <ActivityPickerDialog
        open={dialog === 'activity'}
        onClose={closeDialog}
        onSelect={(rows: ActivityPickerRow[]) => {
          const row = rows[0];
          header.set({ activity: row ? { id: row.id, name: row.name } : null });
          setDialog(null);
        }}
      />
      <ReleaseDialog
        analysis={analysis}
        open={dialog === 'release'}
        onClose={closeDialog}
        onReleased={(a) => {
          adopted(a);
          setDialog(null);
          notify(t('hazardAnalysis.releasedToast'));
        }}
      />
      <ActiveDialog
        analysis={analysis}
        open={dialog === 'active'}
        onClose={closeDialog}
        onChanged={(a) => {
          adopted(a);
          setDialog(null);
          notify(t(a.active ? 'hazardAnalysis.activated' : 'hazardAnalysis.deactivated'));
        }}
      />
      <ConfirmDialog
        open={dialog === 'factorMenu'}
        title={t('hazardAnalysis.factorMenuChangeTitle')}
        text={t('hazardAnalysis.factorMenuChangeText', { count: factorsCleared })}
        confirmLabel={t('hazardAnalysis.factorMenuChangeConfirm')}
        onClose={closeDialog}
        onConfirm={() => {
          setDialog(null);
          save(true);
        }}
      />
      <DeleteAnalysisDialog
        analysis={analysis}
        open={dialog === 'delete'}
        canActivate={canActivate}
        onClose={closeDialog}
        onDeactivateInstead={() => setDialog('active')}
        onDeleted={() => {
          leaving.current = true;
          setDialog(null);
          notify(t('hazardAnalysis.deleted'));
          void navigate(back, { replace: true });
        }}
      />
      {unsavedDialog}
    </Stack>
  );
}
