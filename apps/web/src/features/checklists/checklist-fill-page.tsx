import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  type Answers,
  type AnswerValue,
  type Checklist,
  type ChecklistInstance,
  cellKey,
  computeResults,
  progressOf,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { AttachedDocuments } from '#features/documents/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError, NETWORK_ERROR_CODE } from '#lib/api-client.ts';
import { usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { checklistKeys } from './api/checklist-keys.ts';
import { useChecklist } from './api/get-checklist.ts';
import { instanceQueryOptions, useInstance } from './api/get-instance.ts';
import { useProtection } from './api/protection.ts';
import { useSaveInstance } from './api/save-instance.ts';
import { useSetVisibility } from './api/set-visibility.ts';
import { useInstanceApproval, useRefreshApproval } from './api/workflow.ts';
import { ApprovalPanel } from './components/approval-panel.tsx';
import { ElementInput } from './components/elements/element-input.tsx';
import { UnlockForm } from './components/unlock-form.tsx';
import { OfflineConflictPanel } from './offline/offline-conflict.tsx';
import { useOfflineFill } from './offline/use-offline-fill.ts';
import { useOnline } from './offline/use-online.ts';

/** /audits/checklist/{id}?instance=…: fills a checklist; totals are computed live with the shared evaluator. */
export function ChecklistFillPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const [params] = useSearchParams();
  const instanceId = Number(params.get('instance'));
  const valid = id !== null && Number.isInteger(instanceId) && instanceId > 0 && instanceId <= 2147483647;
  // Opened from an approval process: 'back' leads there (decision 059).
  const auditId = Number(params.get('audit'));
  const back = Number.isInteger(auditId) && auditId > 0 ? `/audits/${auditId}` : null;
  const checklist = useChecklist(id ?? 0, valid);
  return (
    <RecordPageLoader
      id={valid ? id : null}
      query={checklist}
      title={t('checklists.fillTitle')}
      back={back ?? '/checklists/list'}
      notFoundHint={t('checklists.notFound')}
      backLabel={t('checklists.backToList')}
    >
      {(loaded, key) => <ProtectionGate key={key} checklist={loaded} instanceId={instanceId} back={back} />}
    </RecordPageLoader>
  );
}

/** A password-protected checklist asks for its password before the instance loads (decision 059). */
function ProtectionGate(props: { checklist: Checklist; instanceId: number; back: string | null }) {
  const protection = useProtection(props.checklist.id);
  if (!protection.data) return null;
  if (!protection.data.unlocked) return <Locked checklist={props.checklist} back={props.back} />;
  return <InstanceLoader {...props} />;
}

function Locked({ checklist, back }: { checklist: Checklist; back: string | null }) {
  const { t } = useTranslation();
  useToolbar({
    title: `${t('checklists.fillTitle')}: ${checklist.label}`,
    back: back ?? `/checklists/${checklist.id}`,
  });
  return <UnlockForm checklistId={checklist.id} label={checklist.label} />;
}

function InstanceLoader({
  checklist,
  instanceId,
  back,
}: {
  checklist: Checklist;
  instanceId: number;
  back: string | null;
}) {
  const { t } = useTranslation();
  const instance = useInstance(checklist.id, instanceId);
  return (
    <RecordPageLoader
      id={instanceId}
      query={instance}
      title={t('checklists.fillTitle')}
      back={back ?? `/checklists/${checklist.id}`}
      notFoundHint={t('checklists.notFound')}
      backLabel={t('checklists.backToList')}
    >
      {(loaded, key) => <ChecklistFiller key={key} checklist={checklist} instance={loaded} back={back} />}
    </RecordPageLoader>
  );
}

type Draft = { answers: Answers; done: boolean };
const draftOf = (i: ChecklistInstance): Draft => ({ answers: i.answers, done: i.status === 'done' });

/** German number: decimal comma. */
function ChecklistFiller({
  checklist,
  instance,
  back,
}: {
  checklist: Checklist;
  instance: ChecklistInstance;
  back: string | null;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const save = useSaveInstance(checklist.id, instance.id);
  const visibility = useSetVisibility(checklist.id, instance.id);
  const refreshApproval = useRefreshApproval(checklist.id, instance.id);
  const record = useVersionedDraft({
    record: instance,
    draftOf,
    fetchLatest: () =>
      queryClient.fetchQuery({ ...instanceQueryOptions(checklist.id, instance.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const employeeId = useSessionUser().employee.id;
  const online = useOnline();
  const offline = useOfflineFill({
    employeeId,
    checklist,
    base,
    draft,
    dirty,
    online,
    restore: (kept) => set(kept),
    onSynced: (fresh) => {
      queryClient.setQueryData(checklistKeys.instance(checklist.id, instance.id), fresh);
      // As after an online save: the form shows the stored state.
      record.onSave().onSuccess(fresh);
      notify(t('checklists.offline.synced'));
    },
  });
  const leaving = useRef(false);
  // An approved checklist takes no more answers, actions of task cells or SQL values (decisions 066, 070).
  const approved = useInstanceApproval(checklist.id, instance.id).data?.state === 'approved';
  const mayFill = canAny([P.AUDIT_CHECKLISTS_EDIT, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT]);
  const canFill = mayFill && !approved;
  const results = useMemo(() => computeResults(checklist, draft.answers), [checklist, draft.answers]);
  const progress = progressOf(checklist, draft.answers);
  const saveError = save.error && !conflict ? errorMessage(save.error, t) : null;

  const submit = () => {
    if (save.isPending) return;
    // Without a connection the answers stay on the device and are sent when online again (decision 059).
    if (!online) {
      offline.queue();
      notify(t('checklists.offline.queued'));
      return;
    }
    const callbacks = record.onSave(() => {
      notify(t('checklists.fill.saved'));
      refreshApproval();
    });
    save.mutate(
      { version: base.version, answers: draft.answers, results, status: draft.done ? 'done' : 'undone' },
      {
        onSuccess: callbacks.onSuccess,
        onError: (error) => {
          if (isApiError(error) && error.code === NETWORK_ERROR_CODE) {
            save.reset();
            offline.queue();
            notify(t('checklists.offline.queued'));
            return;
          }
          callbacks.onError(error);
        },
      },
    );
  };
  useToolbar({
    title: `${t('checklists.fillTitle')}: ${checklist.label}`,
    back: back ?? `/checklists/${checklist.id}`,
    onSave: canFill ? submit : undefined,
    saveDisabled: !dirty || save.isPending,
  });
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);
  const answer = (k: string, value: AnswerValue) => set({ answers: { ...draft.answers, [k]: value } });

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      {!online && (
        <Alert severity="info" role="status">
          {t('checklists.offline.offlineHint')}
        </Alert>
      )}
      {offline.queued && online && !offline.conflict && (
        <Alert severity="info" role="status">
          {t('checklists.offline.syncing')}
        </Alert>
      )}
      {offline.queued && !online && (
        <Alert severity="warning" role="status" data-testid="offline-queued">
          {t('checklists.offline.waiting')}
        </Alert>
      )}
      {offline.syncError !== null && (
        <Alert severity="error" role="alert">
          {errorMessage(offline.syncError, t)}
        </Alert>
      )}
      {offline.conflict && (
        <OfflineConflictPanel
          checklist={checklist}
          conflict={offline.conflict}
          busy={offline.syncing}
          onResolve={(answers, done) => void offline.resolve(answers, done)}
        />
      )}
      {conflict && (
        <ConflictAlert
          message={t('checklists.fill.conflict')}
          onReload={async () => {
            await record.reloadLatest();
            save.reset();
          }}
        />
      )}
      {saveError && (
        <Alert severity="error" role="alert">
          {saveError}
        </Alert>
      )}
      {visibility.error && (
        <Alert severity="error" role="alert">
          {errorMessage(visibility.error, t)}
        </Alert>
      )}
      <Paper sx={{ p: 2 }}>
        <Typography id="progress-label">{t('checklists.fill.progress', { progress })}</Typography>
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-labelledby="progress-label"
          sx={{ my: 1 }}
        />
        {checklist.requiredProgress > 0 && (
          <Typography variant="body2">
            {t('checklists.fill.requiredProgress', { progress: checklist.requiredProgress })}
          </Typography>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={draft.done}
              disabled={!canFill}
              onChange={(e) => set({ done: e.target.checked })}
            />
          }
          label={t('checklists.fill.done')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={base.visible}
              disabled={!mayFill || visibility.isPending}
              onChange={(e) =>
                visibility.mutate(
                  { version: base.version, visible: e.target.checked },
                  {
                    onSuccess: (fresh) => {
                      record.adopt(fresh);
                      notify(t('checklists.visibility.saved'));
                    },
                  },
                )
              }
            />
          }
          label={t('checklists.visibility.label')}
        />
      </Paper>
      <ApprovalPanel
        checklistId={checklist.id}
        instanceId={instance.id}
        version={base.version}
        onChanged={() =>
          void queryClient
            .fetchQuery({ ...instanceQueryOptions(checklist.id, instance.id), staleTime: 0 })
            .then((fresh) => record.adopt(fresh))
        }
      />
      {checklist.rows.map((row) => {
        const cells = checklist.columns
          .map((col) => ({
            col,
            cell: checklist.cells.find((c) => c.row === row.key && c.column === col.key),
          }))
          .filter((x) => x.cell);
        if (cells.length === 0) return null;
        return (
          <Paper key={row.key} sx={{ p: 2 }} component="section" aria-label={row.label || undefined}>
            {row.label && (
              <Typography variant="subtitle1" component="h2" gutterBottom>
                {row.label}
              </Typography>
            )}
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              {cells.map(({ col, cell }) => {
                if (!cell) return null;
                const k = cellKey(cell.row, cell.column);
                return (
                  <Box key={col.key} sx={{ flex: 1, minWidth: 0 }}>
                    <ElementInput
                      element={cell.element}
                      value={draft.answers[k] ?? null}
                      result={results[k]}
                      disabled={!canFill}
                      onChange={(v) => answer(k, v)}
                      testId={`cell-${k}`}
                      context={{
                        cell: k,
                        checklistId: checklist.id,
                        instance: base,
                        onInstance: record.rebaseOn,
                      }}
                    />
                  </Box>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
      {canAny([P.DOCUMENTS]) && (
        <Paper sx={{ p: 2 }} component="section" aria-labelledby="checklist-photos">
          <Typography id="checklist-photos" variant="subtitle1" component="h2" gutterBottom>
            {t('checklists.photos')}
          </Typography>
          <AttachedDocuments entity="checklist_instance" entityId={instance.id} photos readOnly={!mayFill} />
        </Paper>
      )}
      {unsavedDialog}
    </Stack>
  );
}
