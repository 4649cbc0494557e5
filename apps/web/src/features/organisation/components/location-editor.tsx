import AddIcon from '@mui/icons-material/Add';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import RemoveCircleOutlinedIcon from '@mui/icons-material/RemoveCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Location } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { AttachedDocuments } from '#features/documents/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { formatEmployeeName, usePermissions } from '#lib/session/session.tsx';
import { locationQueryOptions } from '../api/get-location.ts';
import type { OrgTreeNode } from '../api/get-tree.ts';
import { useUpdateLocation } from '../api/update-location.ts';
import {
  draftFromLocation,
  isLocationDraftDirty,
  type LocationDraft,
  payloadFromDraft,
  rebaseLocationDraft,
  validateLocationDraft,
} from '../location-draft.ts';
import { EditorFrame, type EditorToolbar } from './editor-frame.tsx';
import { NodeActions } from './node-actions.tsx';
import { Section } from './section.tsx';

type Props = {
  location: Location;
  nodes: readonly OrgTreeNode[];
  toolbar: EditorToolbar;
  onDeleted: () => void;
};

let designationCounter = 0;

/** The location record: name, address, emergency numbers, escalation levels 0–3, responsible persons, designations. */
export function LocationEditor({ location, nodes, toolbar, onDeleted }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const update = useUpdateLocation(location.id);

  const record = useVersionedDraft({
    record: location,
    draftOf: draftFromLocation,
    fetchLatest: () => queryClient.fetchQuery({ ...locationQueryOptions(location.id), staleTime: 0 }),
    rebaseWith: rebaseLocationDraft,
    isDirty: isLocationDraftDirty,
  });
  const { base, draft, setDraft, dirty, conflict, reloading } = record;
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [addPeopleOpen, setAddPeopleOpen] = useState(false);
  const leaving = useRef(false);

  const mayName = base.editable && canAny([P.LOCATIONS_EDIT]);
  const mayDetails = base.editable && canAny([P.LOCATIONS_EDIT, P.LOCATIONS_DETAILS]);
  const mayPeople = base.editable && canAny([P.LOCATIONS_RESPONSIBILITIES]);
  const mayChange = mayName || mayDetails || mayPeople;

  const clientErrors = useMemo(() => validateLocationDraft(draft), [draft]);
  const errorOf = (key: string): string | undefined => {
    const shown = submitted || touched[key];
    return shown ? (clientErrors[key] ?? serverErrors[key]) : serverErrors[key];
  };

  const change = (patch: Partial<LocationDraft>, keys: string[]) => {
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
    update.mutate(payloadFromDraft(draft, base.version), {
      onSuccess: (saved) => {
        record.saved(saved);
        setSubmitted(false);
        setTouched({});
        notify(t('organisation.saved'));
      },
      onError: (error) => {
        // Everything typed stays in the form; 'Neu laden' moves the edits onto the newer version.
        record.saveFailed(error);
        setServerErrors(fieldErrors(error));
      },
    });
  };

  const text = (
    key: keyof LocationDraft & string,
    label: string,
    editable: boolean,
    extra: { maxLength?: number; type?: string; width?: number | string } = {},
  ) => (
    <TextField
      label={label}
      value={draft[key] as string}
      disabled={!editable}
      type={extra.type}
      onChange={(event) => change({ [key]: event.target.value } as Partial<LocationDraft>, [key])}
      onBlur={() => setTouched((s) => ({ ...s, [key]: true }))}
      error={Boolean(errorOf(key))}
      helperText={errorOf(key)}
      slotProps={{ htmlInput: { maxLength: extra.maxLength ?? 200 } }}
      sx={{ flex: extra.width ?? 1, minWidth: 140 }}
    />
  );

  const saveError = update.error && !conflict ? errorMessage(update.error, t) : null;

  return (
    <EditorFrame
      kind="locations"
      toolbar={toolbar}
      title={base.name}
      path={base.path}
      dirty={dirty}
      readOnly={!base.editable}
      onSave={mayChange ? save : undefined}
      saveDisabled={!dirty || update.isPending}
      conflict={
        conflict
          ? { message: errorMessage(update.error, t), reloading, onReload: () => void reloadLatest() }
          : null
      }
      saveError={saveError}
      actions={
        <NodeActions
          kind="locations"
          node={base}
          nodes={nodes}
          canMove={base.editable && canAny([P.LOCATIONS_MOVE])}
          canDelete={mayName}
          canMoveToTop={canAny([P.LOCATIONS_ALL])}
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
      <Section title={t('locations.sectionGeneral')}>{text('name', t('organisation.name'), mayName)}</Section>

      <Section title={t('locations.sectionAddress')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('street', t('locations.street'), mayDetails, { width: 2 })}
          {text('zip', t('locations.zip'), mayDetails, { maxLength: 10, width: 0.6 })}
          {text('city', t('locations.city'), mayDetails, { maxLength: 100 })}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('phone', t('locations.phone'), mayDetails, { maxLength: 50, type: 'tel' })}
          {text('fax', t('locations.fax'), mayDetails, { maxLength: 50, type: 'tel' })}
          {text('email', t('locations.email'), mayDetails, { type: 'email' })}
        </Stack>
      </Section>

      <Section title={t('locations.sectionEmergency')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('emergencyNumber', t('locations.emergencyNumber'), mayDetails, {
            maxLength: 50,
            type: 'tel',
          })}
          {text('fireNumber', t('locations.fireNumber'), mayDetails, { maxLength: 50, type: 'tel' })}
        </Stack>
      </Section>

      <Section title={t('locations.sectionEscalation')} hint={t('locations.escalationHint')}>
        {draft.escalationLevels.map((level, index) => {
          const setLevel = (patch: Partial<LocationDraft['escalationLevels'][number]>, key: string) =>
            change(
              {
                escalationLevels: draft.escalationLevels.map((l, i) =>
                  i === index ? { ...l, ...patch } : l,
                ),
              },
              [`escalationLevels.${index}.${key}`],
            );
          const emailKey = `escalationLevels.${index}.email`;
          const phoneKey = `escalationLevels.${index}.phone`;
          return (
            <Stack
              key={level.level}
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              sx={{ alignItems: { md: 'flex-start' } }}
            >
              <Chip
                label={t('locations.escalationLevel', { level: level.level })}
                sx={{ mt: { md: 1.5 }, alignSelf: { xs: 'flex-start', md: 'auto' } }}
              />
              <Box sx={{ flex: 1.4, minWidth: 200 }}>
                <EmployeePickerField
                  label={t('locations.escalationEmployee', { level: level.level })}
                  value={level.employee}
                  disabled={!mayPeople}
                  onChange={(employee) => setLevel({ employee }, 'employeeId')}
                />
              </Box>
              <TextField
                label={t('locations.escalationEmail', { level: level.level })}
                value={level.email}
                type="email"
                disabled={!mayPeople}
                onChange={(event) => setLevel({ email: event.target.value }, 'email')}
                onBlur={() => setTouched((s) => ({ ...s, [emailKey]: true }))}
                error={Boolean(errorOf(emailKey))}
                helperText={errorOf(emailKey)}
                sx={{ flex: 1 }}
              />
              <TextField
                label={t('locations.escalationPhone', { level: level.level })}
                value={level.phone}
                type="tel"
                disabled={!mayPeople}
                onChange={(event) => setLevel({ phone: event.target.value }, 'phone')}
                onBlur={() => setTouched((s) => ({ ...s, [phoneKey]: true }))}
                error={Boolean(errorOf(phoneKey))}
                helperText={errorOf(phoneKey)}
                sx={{ flex: 0.8 }}
              />
            </Stack>
          );
        })}
      </Section>

      <Section
        title={t('locations.sectionResponsibilities')}
        action={
          mayPeople ? (
            <Button startIcon={<PersonAddIcon />} onClick={() => setAddPeopleOpen(true)}>
              {t('locations.addResponsible')}
            </Button>
          ) : null
        }
      >
        {draft.responsibilities.length === 0 ? (
          <Typography color="text.secondary">{t('locations.responsibilitiesEmpty')}</Typography>
        ) : (
          draft.responsibilities.map((r, index) => {
            const name = formatEmployeeName(r.employee);
            return (
              <Stack
                key={r.employee.id}
                direction="row"
                spacing={2}
                sx={{ alignItems: 'center' }}
                data-testid="responsible-row"
              >
                <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
                  {name}
                </Typography>
                <TextField
                  label={t('locations.responsibleTitle', { name })}
                  value={r.title}
                  size="small"
                  disabled={!mayPeople}
                  onChange={(event) =>
                    change(
                      {
                        responsibilities: draft.responsibilities.map((x, i) =>
                          i === index ? { ...x, title: event.target.value } : x,
                        ),
                      },
                      [`responsibilities.${index}.title`],
                    )
                  }
                  error={Boolean(errorOf(`responsibilities.${index}.title`))}
                  helperText={errorOf(`responsibilities.${index}.title`)}
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                  sx={{ flex: 1 }}
                />
                {mayPeople ? (
                  <Tooltip title={t('locations.removeResponsible', { name })}>
                    <IconButton
                      aria-label={t('locations.removeResponsible', { name })}
                      onClick={() =>
                        change({ responsibilities: draft.responsibilities.filter((_, i) => i !== index) }, [])
                      }
                    >
                      <RemoveCircleOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </Stack>
            );
          })
        )}
      </Section>

      <Section
        title={t('locations.sectionDesignations')}
        hint={t('locations.designationsHint')}
        action={
          mayDetails ? (
            <Button
              startIcon={<AddIcon />}
              onClick={() => {
                designationCounter += 1;
                change(
                  { designations: [...draft.designations, { key: `new${designationCounter}`, name: '' }] },
                  [],
                );
              }}
            >
              {t('locations.addDesignation')}
            </Button>
          ) : null
        }
      >
        {draft.designations.length === 0 ? (
          <Typography color="text.secondary">{t('locations.designationsEmpty')}</Typography>
        ) : (
          draft.designations.map((d, index) => {
            const key = `designations.${index}.name`;
            return (
              <Stack key={d.key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label={t('locations.designation', { number: index + 1 })}
                  value={d.name}
                  size="small"
                  disabled={!mayDetails}
                  onChange={(event) =>
                    change(
                      {
                        designations: draft.designations.map((x, i) =>
                          i === index ? { ...x, name: event.target.value } : x,
                        ),
                      },
                      [key],
                    )
                  }
                  onBlur={() => setTouched((s) => ({ ...s, [key]: true }))}
                  error={Boolean(errorOf(key))}
                  helperText={errorOf(key)}
                  slotProps={{ htmlInput: { maxLength: 100 } }}
                  sx={{ flex: 1 }}
                />
                {mayDetails ? (
                  <Tooltip title={t('locations.removeDesignation', { name: d.name })}>
                    <IconButton
                      aria-label={t('locations.removeDesignation', { name: d.name })}
                      onClick={() =>
                        change({ designations: draft.designations.filter((_, i) => i !== index) }, [])
                      }
                    >
                      <RemoveCircleOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </Stack>
            );
          })
        )}
      </Section>
      <AttachedDocuments entity="location" entityId={location.id} />

      <Divider />
      <Typography variant="caption" color="text.secondary" data-testid="node-info">
        {t('organisation.childCount')}: {base.childCount} · {t('organisation.employeeCount')}:{' '}
        {base.employeeCount} ·{' '}
        {t('organisation.versionInfo', { version: base.version, updatedAt: formatDateTime(base.updatedAt) })}
      </Typography>

      <EmployeePickerDialog
        open={addPeopleOpen}
        onClose={() => setAddPeopleOpen(false)}
        multiple
        title={t('locations.addResponsible')}
        value={draft.responsibilities.map((r) => r.employee.id)}
        onSelect={(rows) => {
          const known = new Set(draft.responsibilities.map((r) => r.employee.id));
          const added = rows
            .filter((row) => !known.has(row.id))
            .map((row) => ({
              employee: {
                id: row.id,
                personnelNumber: row.personnelNumber,
                lastName: row.lastName,
                firstName: row.firstName,
                departmentName: row.departmentName,
              },
              title: '',
            }));
          if (added.length > 0) change({ responsibilities: [...draft.responsibilities, ...added] }, []);
        }}
      />
    </EditorFrame>
  );
}
