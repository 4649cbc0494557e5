import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Accident } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import {
  ACCIDENT_STATUSES,
  catalogueLabel,
  STATUS_INACTIVE,
} from '@schutzwerk/shared/accidents/catalogues.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { ActionsPanel } from '#features/actions/index.ts';
import { AttachedDocuments } from '#features/documents/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { accidentQueryOptions, useAccident } from './api/get-accident.ts';
import { useSetAccidentStatus } from './api/set-accident-status.ts';
import { AbsenceNoticePanel } from './components/absence-notice-panel.tsx';
import { AccidentSummary } from './components/accident-summary.tsx';
import { ReadLogDialog } from './components/read-log-dialog.tsx';

/** /accidents/:id — one report: its fields (health data only with the right), status, photos, its read log. */
export function AccidentPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useAccident(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('accidents.recordTitle')}
      back="/accidents/list"
      notFoundHint={t('accidents.notFound')}
      backLabel={t('accidents.backToList')}
    >
      {(accident) => <AccidentRecord accident={accident} />}
    </RecordPageLoader>
  );
}

type StatusDraft = { status: number; reason: string };
const statusDraftOf = (a: Accident): StatusDraft => ({ status: a.status, reason: '' });

function AccidentRecord({ accident }: { accident: Accident }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const canEdit = canAny([P.ACCIDENT_REPORTS_EDIT]);
  const record = useVersionedDraft({
    record: accident,
    draftOf: statusDraftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...accidentQueryOptions(accident.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const save = useSetAccidentStatus(accident.id);
  const canReadLog = canAny([P.LOG_VIEWER]);
  const [readLogOpen, setReadLogOpen] = useState(false);
  const inactive = base.status === STATUS_INACTIVE;

  useToolbar({ title: t('accidents.recordTitle'), back: '/accidents/list' });

  const person = base.employeeName ?? `${base.externalName} (${base.externalCompany})`;
  const submit = () =>
    save.mutate(
      { status: draft.status as 10, reason: draft.reason, version: base.version },
      record.onSave(() => notify(t('accidents.statusSaved'))),
    );

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {`${catalogueLabel('eventType', base.eventType)} · ${person}`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('accidents.statusLine', { status: catalogueLabel('status', base.status) })}
        </Typography>
        {((canEdit && !inactive) || canReadLog) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {canEdit && !inactive && (
              <Button
                variant="outlined"
                startIcon={<EditIcon />}
                component={RouterLink}
                to={`/accidents/${base.id}/edit`}
              >
                {t('accidents.edit')}
              </Button>
            )}
            {canReadLog && (
              <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => setReadLogOpen(true)}>
                {t('accidents.readLog.open')}
              </Button>
            )}
          </Box>
        )}
        <AccidentSummary
          data={{
            ...base,
            person,
            accidentAt: formatDateTime(base.accidentAt),
            firstAidAt: formatDateTime(base.firstAidAt),
            location: base.locationName ?? '',
            department: base.departmentName ?? '',
            firstAiders: base.firstAiders.map((f) => f.name),
          }}
        />
      </Paper>

      <AbsenceNoticePanel
        accident={accident}
        canEdit={canEdit}
        canNotice={canAny([P.ACCIDENT_REPORTS_NOTICE])}
      />

      {canEdit && !inactive && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">
            {t('accidents.statusTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('accidents.statusMailHint')}
          </Typography>
          {conflict && (
            <ConflictAlert
              message={t('accidents.conflict')}
              onReload={async () => {
                await record.reloadLatest();
                save.reset();
              }}
              reloading={record.reloading}
            />
          )}
          {save.error && !(isApiError(save.error) && save.error.code === 'CONFLICT') && (
            <Alert severity="error" role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 2fr' } }}>
            <TextField
              select
              label={t('accidents.status')}
              value={draft.status}
              onChange={(e) => set({ status: Number(e.target.value) })}
            >
              {ACCIDENT_STATUSES.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.label}
                </MenuItem>
              ))}
            </TextField>
            {draft.status === STATUS_INACTIVE && (
              <TextField
                label={t('accidents.inactiveReason')}
                value={draft.reason}
                onChange={(e) => set({ reason: e.target.value })}
                helperText={t('accidents.inactiveHint')}
              />
            )}
          </Box>
          <Box>
            <Button variant="contained" onClick={submit} disabled={!dirty || save.isPending}>
              {t('accidents.setStatus')}
            </Button>
          </Box>
        </Paper>
      )}

      <ChecklistPanel accident={base} />

      {canAny([P.ACTIONS, P.ACTIONS_OWN, P.ACTIONS_AREA, P.ACTIONS_ALL]) && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('accidents.measuresTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('accidents.measuresHint')}
          </Typography>
          <ActionsPanel sourceType="accident_report" sourceId={base.id} readOnly={!canEdit || inactive} />
        </Paper>
      )}

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('accidents.photos')}
        </Typography>
        <AttachedDocuments entity="accident_report" entityId={base.id} readOnly={inactive} />
      </Paper>

      {canReadLog && (
        <ReadLogDialog reportId={base.id} open={readLogOpen} onClose={() => setReadLogOpen(false)} />
      )}
    </Box>
  );
}

/** Step 6's checklist on the record page (decision 056): its state and the way to fill it. */
function ChecklistPanel({ accident }: { accident: Accident }) {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const c = accident.checklist;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 1 }}>
      <Typography variant="h6" component="h2">
        {t('accidents.checklistTitle')}
      </Typography>
      {!c ? (
        <Typography variant="body2" color="text.secondary">
          {canAny([P.ACCIDENT_REPORTS_EDIT]) && accident.status !== STATUS_INACTIVE
            ? t('accidents.checklistNotLinkedEdit')
            : t('accidents.checklistNotLinked')}
        </Typography>
      ) : (
        <>
          <Typography variant="body1">{c.label}</Typography>
          {c.instanceId !== null && (
            <Typography variant="body2" data-testid="accident-checklist-state">
              {t('accidents.checklistState', {
                status: t(`accidents.checklistStatus.${c.status ?? 'undone'}`),
                progress: c.progress ?? 0,
              })}
            </Typography>
          )}
          {c.instanceId !== null && canAny([P.AUDIT_CHECKLISTS]) && (
            <Box>
              <Button
                variant="outlined"
                component={RouterLink}
                to={`/audits/checklist/${c.id}?instance=${c.instanceId}`}
              >
                {t('accidents.checklistFill')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
