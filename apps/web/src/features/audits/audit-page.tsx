import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Audit,
  type AuditTransition,
  createFindingSchema,
  updateAuditSchema,
} from '@schutzwerk/shared/audits/audits.schema.ts';
import { COMPOSITE } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useCreateFinding, useFindings } from './api/findings.ts';
import { auditQueryOptions, useAudit } from './api/get-audit.ts';
import { useTransitionAudit } from './api/transition-audit.ts';
import { useUpdateAudit } from './api/update-audit.ts';
import { AuditForm, auditDraftOf, auditInputOf } from './components/audit-form.tsx';
import { issuesByField } from './components/issues.ts';
import { type Person, PersonField } from './components/people-fields.tsx';

/** /audits/{id}: an approval process — its people, state, checklists and findings. */
export function AuditPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const audit = useAudit(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={audit}
      title={t('audits.pageTitle')}
      back="/audits/list"
      notFoundHint={t('audits.notFound')}
      backLabel={t('audits.backToList')}
    >
      {(loaded, key) => <AuditEditor key={key} audit={loaded} />}
    </RecordPageLoader>
  );
}

function AuditEditor({ audit }: { audit: Audit }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const me = useSessionUser().employee.id;
  const save = useUpdateAudit(audit.id);
  const transition = useTransitionAudit(audit.id);
  const record = useVersionedDraft({
    record: audit,
    draftOf: auditDraftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...auditQueryOptions(audit.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const leaving = useRef(false);
  const serverErrors = fieldErrors(save.error);
  const errors = { ...serverErrors, ...localErrors };
  const saveError =
    save.error && !conflict && Object.keys(serverErrors).length === 0 ? errorMessage(save.error, t) : null;

  const submit = () => {
    if (save.isPending) return;
    const checked = updateAuditSchema.safeParse({ version: base.version, ...auditInputOf(draft) });
    setLocalErrors(checked.success ? {} : issuesByField(checked.error));
    if (!checked.success) return;
    save.mutate(
      checked.data,
      record.onSave(() => notify(t('audits.saved'))),
    );
  };
  useToolbar({
    title: `${t('audits.pageTitle')}: ${base.title}`,
    back: '/audits/list',
    onSave: base.canEdit ? submit : undefined,
    saveDisabled: !dirty || save.isPending,
  });
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);

  const run = (action: AuditTransition) =>
    transition.mutate(
      { version: base.version, action },
      {
        onSuccess: (fresh) => {
          record.adopt(fresh);
          notify(t(`audits.transitioned.${action}`));
        },
      },
    );
  const open = base.status === 'planned' || base.status === 'in_progress';
  const canStart = base.status === 'planned' && (base.canEdit || base.executor.id === me);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      {conflict && (
        <ConflictAlert
          message={t('audits.conflict')}
          onReload={async () => {
            await record.reloadLatest();
            save.reset();
          }}
        />
      )}
      {(saveError || Object.keys(localErrors).length > 0) && (
        <Alert severity="error" role="alert">
          {saveError ?? t('audits.checkInput')}
        </Alert>
      )}
      {transition.error && (
        <Alert severity="error" role="alert">
          {errorMessage(transition.error, t)}
        </Alert>
      )}
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span">{t('audits.fields.status')}:</Typography>
          <Chip label={t(`audits.status.${base.status}`)} data-testid="audit-status" />
          <Box sx={{ flex: 1 }} />
          {canStart && (
            <Button variant="contained" disabled={transition.isPending || dirty} onClick={() => run('start')}>
              {t('audits.actions.start')}
            </Button>
          )}
          {base.canRelease && (
            <Button
              variant="contained"
              disabled={transition.isPending || dirty}
              onClick={() => run('finish')}
            >
              {t('audits.actions.finish')}
            </Button>
          )}
          {base.canEdit && open && (
            <Button disabled={transition.isPending || dirty} onClick={() => run('cancel')}>
              {t('audits.actions.cancelAudit')}
            </Button>
          )}
          {base.status === 'done' && (
            <Button component={RouterLink} to={`/checklists/print/preview/${base.id}`}>
              {t('audits.actions.print')}
            </Button>
          )}
        </Stack>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <AuditForm draft={draft} errors={errors} disabled={!base.canEdit} onChange={(patch) => set(patch)} />
      </Paper>
      <ChecklistsPanel audit={base} />
      <FindingsPanel audit={base} me={me} />
      {unsavedDialog}
    </Stack>
  );
}

function ChecklistsPanel({ audit }: { audit: Audit }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="audit-checklists">
      <Typography id="audit-checklists" variant="h6" component="h2">
        {t('audits.checklists.title')}
      </Typography>
      <List>
        {audit.checklists.map((c) => (
          <ListItem
            key={c.checklistId}
            divider
            secondaryAction={
              c.locked ? undefined : (
                <Button
                  component={RouterLink}
                  to={`/audits/checklist/${c.checklistId}?instance=${c.instanceId}&audit=${audit.id}`}
                  aria-label={`${audit.status === 'in_progress' ? t('audits.checklists.fill') : t('audits.checklists.open')}: ${c.label}`}
                >
                  {audit.status === 'in_progress' ? t('audits.checklists.fill') : t('audits.checklists.open')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={c.label}
              secondary={
                <Stack component="span" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <span>{t(`audits.checklistStatus.${c.status}`)}</span>
                  <span>
                    {t('audits.checklists.progress', { progress: c.progress, required: c.requiredProgress })}
                  </span>
                  {c.visible && <span>{t('audits.checklists.visible')}</span>}
                  {c.passwordProtected && <span>{t('audits.checklists.protected')}</span>}
                  {c.locked && <span>{t('audits.checklists.locked')}</span>}
                </Stack>
              }
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

function FindingsPanel({ audit, me }: { audit: Audit; me: number | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const findings = useFindings(audit.id, canAny(COMPOSITE.ACTIONS_ANY));
  const create = useCreateFinding(audit.id);
  const [designation, setDesignation] = useState('');
  const [description, setDescription] = useState('');
  const [responsible, setResponsible] = useState<Person | null>(null);
  const [dueDate, setDueDate] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const serverErrors = fieldErrors(create.error);
  const errors = { ...serverErrors, ...localErrors };
  const other = create.error && Object.keys(serverErrors).length === 0 ? errorMessage(create.error, t) : null;
  const mayRecord =
    audit.status === 'in_progress' &&
    (audit.canEdit || audit.executor.id === me || audit.participants.some((p) => p.id === me));
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="audit-findings">
      <Typography id="audit-findings" variant="h6" component="h2">
        {t('audits.findings.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('audits.findings.hint')}
      </Typography>
      {findings.data && (
        <List dense>
          {findings.data.length === 0 && (
            <ListItem>
              <ListItemText primary={t('audits.findings.none')} />
            </ListItem>
          )}
          {findings.data.map((f) => (
            <ListItem key={f.id}>
              <ListItemText
                primary={t('audits.findings.row', {
                  designation: f.designation,
                  responsible: f.responsibleName,
                })}
                secondary={[
                  f.dueDate ? formatDate(f.dueDate) : '',
                  f.done ? t('audits.findings.done') : t('audits.findings.open'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {mayRecord && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const checked = createFindingSchema.safeParse({
              designation,
              description,
              responsibleId: responsible?.id ?? 0,
              dueDate: dueDate === '' ? null : dueDate,
            });
            const issues = checked.success ? {} : issuesByField(checked.error);
            if (issues.responsibleId) issues.responsibleId = t('audits.people.required');
            setLocalErrors(issues);
            if (!checked.success) return;
            create.mutate(checked.data, {
              onSuccess: () => {
                notify(t('audits.findings.added'));
                setDesignation('');
                setDescription('');
                setDueDate('');
                setLocalErrors({});
              },
            });
          }}
        >
          <Stack spacing={2} sx={{ mt: 1 }}>
            {other && (
              <Alert severity="error" role="alert">
                {other}
              </Alert>
            )}
            <TextField
              required
              label={t('audits.findings.designation')}
              value={designation}
              onChange={(e) => setDesignation(e.target.value)}
              error={Boolean(errors.designation)}
              helperText={errors.designation}
            />
            <TextField
              multiline
              label={t('audits.findings.description')}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
            <PersonField
              label={t('audits.findings.responsible')}
              value={responsible}
              onChange={setResponsible}
              error={errors.responsibleId}
            />
            <TextField
              type="date"
              label={t('audits.findings.dueDate')}
              value={dueDate}
              onChange={(e) => setDueDate(e.target.value)}
              error={Boolean(errors.dueDate)}
              helperText={errors.dueDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Box>
              <Button type="submit" variant="outlined" disabled={create.isPending}>
                {t('audits.findings.add')}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
