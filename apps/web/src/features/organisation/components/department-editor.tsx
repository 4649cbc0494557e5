import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Department } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { departmentQueryOptions } from '../api/get-department.ts';
import type { OrgTreeNode } from '../api/get-tree.ts';
import { useUpdateDepartment } from '../api/update-department.ts';
import {
  type DepartmentDraft,
  draftFromDepartment,
  isDepartmentDraftDirty,
  payloadFromDepartmentDraft,
  rebaseDepartmentDraft,
  validateDepartmentDraft,
} from '../department-draft.ts';
import { EditorFrame, type EditorToolbar } from './editor-frame.tsx';
import { NodeActions } from './node-actions.tsx';
import { Section } from './section.tsx';

type Props = {
  department: Department;
  nodes: readonly OrgTreeNode[];
  toolbar: EditorToolbar;
  onDeleted: () => void;
};

/** The department record: name, container flag and monthly working hours. */
export function DepartmentEditor({ department, nodes, toolbar, onDeleted }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const update = useUpdateDepartment(department.id);
  const record = useVersionedDraft({
    record: department,
    draftOf: draftFromDepartment,
    fetchLatest: () => queryClient.fetchQuery({ ...departmentQueryOptions(department.id), staleTime: 0 }),
    rebaseWith: rebaseDepartmentDraft,
    isDirty: isDepartmentDraftDirty,
  });
  const { base, draft, setDraft, dirty, conflict, reloading } = record;
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const leaving = useRef(false);

  const mayEdit = base.editable && canAny([P.DEPARTMENTS_EDIT]);
  const clientErrors = validateDepartmentDraft(draft);
  const errorOf = (key: string) =>
    submitted || touched[key] ? (clientErrors[key] ?? serverErrors[key]) : serverErrors[key];

  const change = (patch: Partial<DepartmentDraft>, keys: string[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([k]) => !keys.includes(k))),
    );
  };

  const reloadLatest = async () => {
    try {
      await record.reloadLatest();
      update.reset();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  const save = () => {
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0 || update.isPending) return;
    dismissNotification();
    setServerErrors({});
    update.mutate(payloadFromDepartmentDraft(draft, base.version), {
      onSuccess: (saved) => {
        record.saved(saved);
        setSubmitted(false);
        setTouched({});
        notify(t('organisation.saved'));
      },
      onError: (error) => {
        record.saveFailed(error);
        setServerErrors(fieldErrors(error));
      },
    });
  };

  return (
    <EditorFrame
      kind="departments"
      toolbar={toolbar}
      title={base.name}
      path={base.path}
      dirty={dirty}
      readOnly={!base.editable}
      onSave={mayEdit ? save : undefined}
      saveDisabled={!dirty || update.isPending}
      conflict={
        conflict
          ? { message: errorMessage(update.error, t), reloading, onReload: () => void reloadLatest() }
          : null
      }
      saveError={update.error && !conflict ? errorMessage(update.error, t) : null}
      actions={
        <NodeActions
          kind="departments"
          node={base}
          nodes={nodes}
          canMove={base.editable && canAny([P.DEPARTMENTS_MOVE])}
          canDelete={mayEdit}
          canMoveToTop={canAny([P.DEPARTMENTS_ALL])}
          onStart={() => update.reset()}
          onMoved={() => void reloadLatest()}
          onDeleted={() => {
            leaving.current = true;
            onDeleted();
          }}
        />
      }
      dirtyGuard={dirty}
      leavingRef={leaving}
    >
      <Section title={t('locations.sectionGeneral')}>
        <TextField
          label={t('organisation.name')}
          value={draft.name}
          disabled={!mayEdit}
          onChange={(event) => change({ name: event.target.value }, ['name'])}
          onBlur={() => setTouched((s) => ({ ...s, name: true }))}
          error={Boolean(errorOf('name'))}
          helperText={errorOf('name')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={draft.isContainer}
                disabled={!mayEdit}
                onChange={(event) => change({ isContainer: event.target.checked }, ['monthlyHours'])}
              />
            }
            label={t('departments.isContainer')}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('departments.isContainerHint')}</FormHelperText>
        </Stack>
        <TextField
          label={t('departments.monthlyHours')}
          value={draft.isContainer ? draft.monthlyHours : ''}
          disabled={!mayEdit || !draft.isContainer}
          inputMode="decimal"
          onChange={(event) => change({ monthlyHours: event.target.value }, ['monthlyHours'])}
          onBlur={() => setTouched((s) => ({ ...s, monthlyHours: true }))}
          error={Boolean(errorOf('monthlyHours'))}
          helperText={errorOf('monthlyHours') ?? t('departments.monthlyHoursHint')}
          slotProps={{ htmlInput: { maxLength: 10, inputMode: 'decimal' } }}
          sx={{ maxWidth: 320 }}
        />
        <Stack sx={{ maxWidth: 480 }}>
          <EmployeePickerField
            label={t('departments.head')}
            value={draft.head}
            disabled={!mayEdit}
            onChange={(head) => change({ head }, ['headEmployeeId'])}
            error={Boolean(errorOf('headEmployeeId'))}
            helperText={errorOf('headEmployeeId') ?? t('departments.headHint')}
          />
        </Stack>
      </Section>
      <Typography variant="caption" color="text.secondary" data-testid="node-info">
        {t('organisation.childCount')}: {base.childCount} · {t('organisation.employeeCount')}:{' '}
        {base.employeeCount} ·{' '}
        {t('organisation.versionInfo', { version: base.version, updatedAt: formatDateTime(base.updatedAt) })}
      </Typography>
    </EditorFrame>
  );
}
