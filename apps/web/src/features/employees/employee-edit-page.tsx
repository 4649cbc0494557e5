import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { type FieldErrors, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedForm } from '#components/record-page/use-versioned-draft.ts';
import { EmployeeActivitiesPanel } from '#features/activities/index.ts';
import {
  EmployeeExceptionsTab,
  EmployeeInstructionsTab,
  OpenInstructionsWarning,
} from '#features/instructions/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { formatEmployeeName, usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDeleteEmployee } from './api/delete-employee.ts';
import { employeeQueryOptions, useEmployee } from './api/get-employee.ts';
import { useUpdateEmployee } from './api/update-employee.ts';
import { PortalAssignmentTab, ResponsibilitiesTab } from './components/assignment-tabs.tsx';
import { ConvertEmployeeDialog, CopyAssignmentsDialog } from './components/employee-actions.tsx';
import {
  BasicDataTab,
  EMPLOYEE_TABS,
  type EmployeeTab,
  ExtendedDataTab,
  HealthInsuranceTab,
  ProgressBarTab,
  tabOfField,
} from './components/employee-tabs.tsx';
import { ResetPasswordDialog } from './components/reset-password-dialog.tsx';
import {
  buildPatch,
  changedFields,
  type EmployeeFormValues,
  FORM_FIELDS,
  formFromEmployee,
  rebaseForm,
  type WriteAccess,
  writableFields,
} from './employee-draft.ts';
import { type EmployeeFormSchemaOutput, employeeFormSchema } from './employee-form-schema.ts';
import { serverFieldErrors } from './server-field-errors.ts';

const TAB_LABEL_KEYS = {
  basic: 'employee.tabBasic',
  extended: 'employee.tabExtended',
  health: 'employee.tabHealth',
  activities: 'employee.tabActivities',
  portals: 'employee.tabPortals',
  responsibilities: 'employee.tabResponsibilities',
  instructions: 'employee.tabInstructions',
  exceptions: 'employee.tabExceptions',
  progress: 'employee.tabProgress',
} as const satisfies Record<EmployeeTab, string>;

export function EmployeeEditPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useEmployee(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('employee.editTitle')}
      back="/employee/list"
      notFoundHint={t('apiErrors.EMPLOYEE_NOT_FOUND')}
      backLabel={t('employee.backToList')}
    >
      {(employee, key) => <EmployeeEditor key={key} employee={employee} />}
    </RecordPageLoader>
  );
}

function EmployeeEditor({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const sessionUser = useSessionUser();
  const update = useUpdateEmployee(employee.id);
  const remove = useDeleteEmployee(employee.id);

  const form = useForm<EmployeeFormValues, unknown, EmployeeFormSchemaOutput>({
    resolver: zodResolver(employeeFormSchema),
    defaultValues: formFromEmployee(employee),
    mode: 'onTouched',
  });
  /** The server state the form is based on (its version goes with the next save); the draft is the form's. */
  const record = useVersionedForm({
    record: employee,
    draftOf: formFromEmployee,
    fetchLatest: () => queryClient.fetchQuery({ ...employeeQueryOptions(employee.id), staleTime: 0 }),
    rebaseWith: rebaseForm,
    form,
  });
  const { base, baseDraft: baseValues, conflict, reloading } = record;
  const [tab, setTab] = useState<EmployeeTab>('basic');
  const [fieldErrorsFromServer, setFieldErrorsFromServer] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deactivateOpen, setDeactivateOpen] = useState(false);
  const [convertOpen, setConvertOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const leaving = useRef(false);

  // Staff of another portal assigned to this customer portal are read-only here (the server refuses too).
  const editableHere = sessionUser.scope.isMainPortal || base.portalId === sessionUser.scope.portalId;
  const canEdit = canAny([P.EMPLOYEES_EDIT]) && editableHere;
  // Someone holding rights the user lacks: sign-in fields, password and deletion are theirs (decision 023).
  const signInLocked = base.signInLocked;
  const canDelete = canAny([P.EMPLOYEES_DELETE]) && editableHere && !signInLocked;
  const canConvert = canAny([P.EMPLOYEES_TEMP_WORKERS]) && editableHere && !base.restricted.extended;
  const canCopy = canAny([P.EMPLOYEES_COPY]);
  const isSelf = sessionUser.employee.id === base.id;
  const canResetPassword =
    canAny([P.EMPLOYEES_RESET_PASSWORD]) &&
    editableHere &&
    !isSelf &&
    !signInLocked &&
    base.active &&
    Boolean(base.loginName);
  // Profiles and the exception list (decision 040): only with a right that reads them.
  const canReadInstructions = canAny([
    P.EMPLOYEES_PROFILES,
    P.TOPICS_PROFILES,
    ...COMPOSITE.TOPICS_EVALUATION,
  ]);
  const canEditExceptions = canAny([P.EMPLOYEES_PROFILES, P.TOPICS_PROFILES]) && editableHere;
  const visibleTabs = EMPLOYEE_TABS.filter(
    (key) =>
      (key !== 'portals' || sessionUser.scope.isMainPortal) &&
      ((key !== 'instructions' && key !== 'exceptions') || canReadInstructions),
  );
  const access: WriteAccess = {
    basic: canEdit,
    signIn: canEdit && !signInLocked,
    personal: canEdit && !base.restricted.personal,
    health: canEdit && !base.restricted.health,
    // Nobody deactivates themselves (the server refuses it too).
    activation: canEdit && canAny([P.EMPLOYEES_ACTIVATE]) && !(isSelf && base.active) && !signInLocked,
    chipId: canEdit && canAny([P.EMPLOYEES_CHIPID]) && !signInLocked,
    tempWorkers: canEdit && canAny([P.EMPLOYEES_TEMP_WORKERS]),
    department: canEdit && canAny([P.EMPLOYEES_DEPARTMENTS]),
    location: canEdit && canAny([P.EMPLOYEES_LOCATIONS]),
  };
  const writable = writableFields(access);

  const values = useWatch({ control: form.control }) as EmployeeFormValues;
  const dirty = changedFields(values, baseValues).some((field) => writable.has(field));
  const errors = form.formState.errors;
  const tabsWithErrors = new Set(Object.keys(errors).map(tabOfField));

  const showFirstError = (fields: string[]) => {
    const first = FORM_FIELDS.find((field) => fields.includes(field));
    if (first) setTab(tabOfField(first));
  };

  const onValid = (output: EmployeeFormSchemaOutput) => {
    const patch = buildPatch(output, base, writable);
    if (Object.keys(patch).length === 0 || update.isPending) return;
    setFieldErrorsFromServer(false);
    update.mutate(
      { version: base.version, ...patch },
      {
        onSuccess: (saved) => {
          // Set inactive by someone who may not see inactive employees: the record is gone for them.
          if (!saved.active && base.active && !canAny([P.EMPLOYEES_SHOW_INACTIVE])) {
            leaving.current = true;
            notify(t('employee.deactivatedGone'));
            void navigate('/employee/list', { replace: true });
            return;
          }
          record.saved(saved);
          notify(t('employee.saved'));
        },
        onError: (error) => {
          // The form keeps everything the user typed; 'Neu laden' moves the edits onto the newer version.
          if (record.saveFailed(error)) return;
          const fieldErrors = serverFieldErrors(error, FORM_FIELDS);
          for (const { field, message } of fieldErrors) {
            form.setError(field, { type: 'server', message }, { shouldFocus: false });
          }
          if (fieldErrors.length > 0) {
            setFieldErrorsFromServer(true);
            showFirstError(fieldErrors.map((e) => e.field));
          }
        },
      },
    );
  };
  const onInvalid = (invalid: FieldErrors<EmployeeFormValues>) => showFirstError(Object.keys(invalid));
  const save = () => void form.handleSubmit(onValid, onInvalid)();

  const reloadLatest = async () => {
    try {
      await record.reloadLatest();
      update.reset();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  useToolbar({
    title: t('employee.editTitle'),
    back: '/employee/list',
    onSave: canEdit ? save : undefined,
    saveDisabled: !dirty || update.isPending,
  });

  // Unsaved changes: ask before leaving inside the app, warn the browser before unloading.
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);

  const confirmDelete = () => {
    remove.mutate(base.version, {
      onSuccess: () => {
        leaving.current = true;
        setDeleteOpen(false);
        notify(t('employee.deleted'));
        void navigate('/employee/list', { replace: true });
      },
    });
  };

  const confirmDeactivate = () => {
    form.setValue('active', false, { shouldTouch: true });
    setDeactivateOpen(false);
  };

  const saveError =
    update.error && !conflict && !fieldErrorsFromServer ? errorMessage(update.error, t) : null;
  const name = formatEmployeeName(base);

  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      {conflict ? (
        <ConflictAlert
          announce
          message={update.error ? errorMessage(update.error, t) : ''}
          reloading={reloading}
          onReload={reloadLatest}
        />
      ) : null}
      {saveError ? (
        <Alert severity="error" role="alert" data-testid="save-error">
          {saveError}
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            variant="h2"
            component="h2"
            sx={{ fontSize: '1.3rem', mr: 1 }}
            data-testid="employee-heading"
          >
            {name}
          </Typography>
          <Chip
            size="small"
            data-testid="employee-status"
            color={base.active ? 'success' : 'default'}
            variant={base.active ? 'outlined' : 'filled'}
            label={base.active ? t('employee.active') : t('employee.inactive')}
          />
          {dirty ? <Chip size="small" color="warning" label={t('unsaved.chip')} /> : null}
          <Box sx={{ flex: 1 }} />
          {canCopy ? (
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => setCopyOpen(true)}>
              {t('employee.copy.open')}
            </Button>
          ) : null}
          {canResetPassword ? (
            <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => setResetOpen(true)}>
              {t('employee.resetPassword.open')}
            </Button>
          ) : null}
          {canConvert ? (
            <Button variant="outlined" startIcon={<SwapHorizIcon />} onClick={() => setConvertOpen(true)}>
              {base.isTempWorker
                ? t('employee.convert.toEmployeeOpen')
                : t('employee.convert.toTempWorkerOpen')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteIcon />}
              disabled={isSelf}
              onClick={() => {
                remove.reset();
                setDeleteOpen(true);
              }}
            >
              {t('employee.delete')}
            </Button>
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="employee-portal">
          {t('employee.portal', { name: base.portalName })}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('employee.versionInfo', { version: base.version, updatedAt: formatDateTime(base.updatedAt) })}
        </Typography>
      </Paper>

      {editableHere ? null : (
        <Alert severity="info" data-testid="other-portal-hint">
          {t('apiErrors.MAIN_PORTAL_EMPLOYEE')}
        </Alert>
      )}
      {canEdit || !editableHere ? null : (
        <Alert severity="info" data-testid="read-only-hint">
          {t('employee.readOnly')}
        </Alert>
      )}

      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, next: EmployeeTab) => setTab(next)}
          aria-label={t('employee.tabs')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, md: 1 } }}
        >
          {visibleTabs.map((key) => (
            <Tab
              key={key}
              value={key}
              id={`employee-tab-${key}`}
              aria-controls={`employee-tabpanel-${key}`}
              label={t(TAB_LABEL_KEYS[key])}
              // The icon's place is always kept: a tab must not move while the user clicks it.
              icon={
                <ErrorOutlineIcon
                  color="error"
                  fontSize="small"
                  titleAccess={tabsWithErrors.has(key) ? t('employee.checkFields') : undefined}
                  aria-hidden={!tabsWithErrors.has(key)}
                  sx={{ visibility: tabsWithErrors.has(key) ? 'visible' : 'hidden' }}
                />
              }
              iconPosition="end"
              sx={{ minHeight: 48 }}
            />
          ))}
        </Tabs>
        <FormProvider {...form}>
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (canEdit) save();
            }}
            role="tabpanel"
            id={`employee-tabpanel-${tab}`}
            aria-labelledby={`employee-tab-${tab}`}
            sx={{ p: { xs: 2, md: 3 } }}
          >
            {tab === 'basic' ? (
              <BasicDataTab
                employee={base}
                access={access}
                activeHint={isSelf && base.active && canEdit ? t('employee.selfDeactivate') : undefined}
                onRequestDeactivate={() => setDeactivateOpen(true)}
              />
            ) : null}
            {tab === 'extended' ? <ExtendedDataTab employee={base} access={access} /> : null}
            {tab === 'health' ? <HealthInsuranceTab employee={base} access={access} /> : null}
            {tab === 'progress' ? <ProgressBarTab access={access} /> : null}
            {tab === 'activities' ? (
              <EmployeeActivitiesPanel employeeId={base.id} readOnly={!canEdit} />
            ) : null}
            {tab === 'portals' ? (
              <PortalAssignmentTab
                employeeId={base.id}
                readOnly={!(canAny([P.EMPLOYEES_PORTALS]) && editableHere && sessionUser.scope.isMainPortal)}
              />
            ) : null}
            {tab === 'responsibilities' ? (
              <ResponsibilitiesTab
                employeeId={base.id}
                readOnly={!(canAny([P.EMPLOYEES_RESPONSIBILITIES]) && editableHere) || isSelf}
                readOnlyReason={
                  isSelf && canAny([P.EMPLOYEES_RESPONSIBILITIES])
                    ? t('apiErrors.OWN_RESPONSIBILITIES')
                    : undefined
                }
              />
            ) : null}
            {tab === 'instructions' ? <EmployeeInstructionsTab employeeId={base.id} /> : null}
            {tab === 'exceptions' ? (
              <EmployeeExceptionsTab employeeId={base.id} readOnly={!canEditExceptions} />
            ) : null}
            {tabsWithErrors.size > 0 && form.formState.submitCount > 0 ? (
              <Alert severity="error" role="alert" data-testid="field-errors-hint" sx={{ mt: 2 }}>
                {t('employee.checkFields')}
              </Alert>
            ) : null}
            {/* Enter in a field saves, like the toolbar button. */}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Box>
        </FormProvider>
      </Paper>

      {convertOpen ? (
        <ConvertEmployeeDialog
          employee={base}
          open
          onClose={() => setConvertOpen(false)}
          onConverted={(saved) => {
            // The user's unsaved edits stay; the converted fields come from the server (the newest state,
            // so a conflict shown before is resolved as by 'Neu laden').
            record.rebaseOn(saved);
            if (conflict) update.reset();
            setConvertOpen(false);
            notify(
              saved.isTempWorker ? t('employee.convert.doneTempWorker') : t('employee.convert.doneEmployee'),
            );
          }}
        />
      ) : null}
      {resetOpen ? (
        <ResetPasswordDialog
          employee={base}
          onClose={() => setResetOpen(false)}
          onDone={() => {
            notify(t('employee.resetPassword.done'));
            // The version moved on: take the fresh record, keep the user's unsaved edits.
            void queryClient.fetchQuery({ ...employeeQueryOptions(base.id), staleTime: 0 }).then((fresh) => {
              record.rebaseOn(fresh);
              if (conflict) update.reset();
            });
          }}
        />
      ) : null}
      {copyOpen ? (
        <CopyAssignmentsDialog
          employee={base}
          open
          parts={
            sessionUser.scope.isMainPortal
              ? undefined
              : ['roles', 'activities', 'organisation', 'responsibilities']
          }
          onClose={() => setCopyOpen(false)}
          onCopied={(updated) => {
            setCopyOpen(false);
            notify(t('employee.copy.done', { count: updated }));
          }}
        />
      ) : null}

      <Dialog
        open={deactivateOpen}
        onClose={() => setDeactivateOpen(false)}
        maxWidth="sm"
        aria-labelledby="deactivate-title"
      >
        <DialogTitle id="deactivate-title">{t('employee.deactivateTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={1}>
            <DialogContentText>{t('employee.deactivateText')}</DialogContentText>
            <DialogContentText variant="body2">{t('employee.deactivateSaveHint')}</DialogContentText>
            {deactivateOpen ? <OpenInstructionsWarning employeeId={base.id} /> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setDeactivateOpen(false)} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button color="warning" variant="contained" onClick={confirmDeactivate}>
            {t('employee.deactivateConfirm')}
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={deleteOpen}
        title={t('employee.deleteTitle')}
        text={t('employee.deleteConfirm', { name })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpen(false)}
        error={remove.error}
        pending={remove.isPending}
      />

      {unsavedDialog}
    </Box>
  );
}
