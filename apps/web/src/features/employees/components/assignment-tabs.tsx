import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { PortalPickerRow } from '@schutzwerk/shared/portals/portal.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import {
  DepartmentPickerDialog,
  LocationPickerDialog,
} from '#components/picker-dialog/tree-picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import {
  type AssignmentIds,
  useEmployeeAssignments,
  useUpdateAssignments,
} from '../api/employee-assignments.ts';
import { SectionTitle } from './employee-form-fields.tsx';

type Item = { id: number; primary: string; secondary?: string | undefined };
type Key = keyof AssignmentIds;

/** The chosen set replaces the known one as a delta: additions and removals, applied to the latest state. */
function deltaTo(key: Key, before: readonly number[], chosen: readonly number[]) {
  const added = chosen.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !chosen.includes(id));
  return (current: AssignmentIds) => ({
    [key]: [
      ...current[key].filter((id) => !removed.includes(id)),
      ...added.filter((id) => !current[key].includes(id)),
    ],
  });
}

function AssignmentSection({
  title,
  testId,
  items,
  emptyText,
  readOnly,
  busy,
  onAdd,
  onRemove,
  addLabel,
}: {
  title: string;
  testId: string;
  items: Item[];
  emptyText: string;
  readOnly: boolean;
  busy: boolean;
  onAdd: () => void;
  onRemove: (id: number) => void;
  addLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SectionTitle>{title}</SectionTitle>
        <Box sx={{ flex: 1 }} />
        {readOnly ? null : (
          <Button size="small" startIcon={<AddIcon />} onClick={onAdd} disabled={busy}>
            {addLabel}
          </Button>
        )}
      </Box>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {emptyText}
        </Typography>
      ) : (
        <List dense disablePadding>
          {items.map((item) => (
            <ListItem
              key={item.id}
              divider
              secondaryAction={
                readOnly ? null : (
                  <Tooltip title={t('employee.assignments.remove')}>
                    <span>
                      <IconButton
                        edge="end"
                        aria-label={t('employee.assignments.removeNamed', { name: item.primary })}
                        onClick={() => onRemove(item.id)}
                        disabled={busy}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                )
              }
            >
              <ListItemText primary={item.primary} secondary={item.secondary} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Wraps a tab body: loads the assignments, shows the error of the last change. */
function useAssignmentsTab(employeeId: number) {
  const { t } = useTranslation();
  const notify = useNotify();
  const query = useEmployeeAssignments(employeeId);
  const update = useUpdateAssignments(employeeId);
  const change = (key: Key, before: readonly number[], chosen: readonly number[]) => {
    if (before.length === chosen.length && before.every((id) => chosen.includes(id))) return;
    update.mutate(deltaTo(key, before, chosen), { onSuccess: () => notify(t('employee.assignments.saved')) });
  };
  const status = query.isPending ? (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  ) : query.error ? (
    <Alert severity="error" role="alert">
      {errorMessage(query.error, t)}
    </Alert>
  ) : null;
  const error = update.error ? (
    <Alert severity="error" role="alert" data-testid="assignments-error" onClose={() => update.reset()}>
      {errorMessage(update.error, t)}
    </Alert>
  ) : null;
  return { data: query.data, status, error, change, busy: update.isPending };
}

const portalColumns = (t: (key: string) => string): ScrollingListColumn<PortalPickerRow>[] => [
  { id: 'name', header: t('employee.assignments.portalName'), sortKey: 'name', render: (row) => row.name },
];

/** Tab 'Portalzuordnung': further (customer) portals a main-portal employee works in. */
export function PortalAssignmentTab({ employeeId, readOnly }: { employeeId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const { data, status, error, change, busy } = useAssignmentsTab(employeeId);
  const [open, setOpen] = useState(false);
  const columns = useMemo(() => portalColumns(t), [t]);
  if (!data) return status;
  const ids = data.portals.map((p) => p.id);
  return (
    <Stack spacing={2}>
      {error}
      <Typography variant="body2" data-testid="home-portal">
        {t('employee.assignments.homePortal', { name: data.homePortal.name })}
      </Typography>
      <AssignmentSection
        title={t('employee.assignments.portals')}
        testId="assigned-portals"
        items={data.portals.map((p) => ({ id: p.id, primary: p.name }))}
        emptyText={t('employee.assignments.noPortals')}
        readOnly={readOnly}
        busy={busy}
        addLabel={t('employee.assignments.choosePortals')}
        onAdd={() => setOpen(true)}
        onRemove={(id) =>
          change(
            'portalIds',
            ids,
            ids.filter((x) => x !== id),
          )
        }
      />
      <PickerDialog<PortalPickerRow>
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(rows) => {
          setOpen(false);
          change(
            'portalIds',
            ids,
            rows.map((r) => r.id),
          );
        }}
        source="portals/picker"
        columns={columns}
        getRowId={(row) => row.id}
        multiple
        value={ids}
        orderBy="name"
        title={t('employee.assignments.choosePortals')}
      />
    </Stack>
  );
}

/** Tab 'Verantwortungsbereiche': organisational (departments, locations) and disciplinary (led employees). */
export function ResponsibilitiesTab({
  employeeId,
  readOnly,
  readOnlyReason,
}: {
  employeeId: number;
  readOnly: boolean;
  readOnlyReason?: string | undefined;
}) {
  const { t } = useTranslation();
  const { data, status, error, change, busy } = useAssignmentsTab(employeeId);
  const [picker, setPicker] = useState<'department' | 'location' | 'employees' | null>(null);
  if (!data) return status;
  const departmentIds = data.departments.map((d) => d.id);
  const locationIds = data.locations.map((l) => l.id);
  const ledIds = data.ledEmployees.map((e) => e.id);
  const unitItem = (u: { id: number; name: string; path: string }) => ({
    id: u.id,
    primary: u.name,
    secondary: u.path !== u.name ? u.path : undefined,
  });
  const person = (e: {
    id: number;
    lastName: string;
    firstName: string;
    personnelNumber: string;
    active: boolean;
  }) => ({
    id: e.id,
    primary: `${e.lastName}, ${e.firstName}`,
    secondary: `${t('employee.assignments.personnelNumber', { number: e.personnelNumber })}${
      e.active ? '' : ` · ${t('employee.inactive')}`
    }`,
  });
  return (
    <Stack spacing={2}>
      {error}
      {readOnlyReason ? (
        <Alert severity="info" data-testid="responsibilities-read-only">
          {readOnlyReason}
        </Alert>
      ) : null}
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {t('employee.assignments.organisational')}
      </Typography>
      <AssignmentSection
        title={t('employee.assignments.departments')}
        testId="responsible-departments"
        items={data.departments.map(unitItem)}
        emptyText={t('employee.assignments.noDepartments')}
        readOnly={readOnly}
        busy={busy}
        addLabel={t('employee.assignments.chooseDepartments')}
        onAdd={() => setPicker('department')}
        onRemove={(id) =>
          change(
            'departmentIds',
            departmentIds,
            departmentIds.filter((x) => x !== id),
          )
        }
      />
      <AssignmentSection
        title={t('employee.assignments.locations')}
        testId="responsible-locations"
        items={data.locations.map(unitItem)}
        emptyText={t('employee.assignments.noLocations')}
        readOnly={readOnly}
        busy={busy}
        addLabel={t('employee.assignments.chooseLocations')}
        onAdd={() => setPicker('location')}
        onRemove={(id) =>
          change(
            'locationIds',
            locationIds,
            locationIds.filter((x) => x !== id),
          )
        }
      />
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {t('employee.assignments.disciplinary')}
      </Typography>
      <AssignmentSection
        title={t('employee.assignments.ledEmployees')}
        testId="led-employees"
        items={data.ledEmployees.map(person)}
        emptyText={t('employee.assignments.noLedEmployees')}
        readOnly={readOnly}
        busy={busy}
        addLabel={t('employee.assignments.chooseEmployees')}
        onAdd={() => setPicker('employees')}
        onRemove={(id) =>
          change(
            'ledEmployeeIds',
            ledIds,
            ledIds.filter((x) => x !== id),
          )
        }
      />
      <Box data-testid="supervisors">
        <SectionTitle>{t('employee.assignments.supervisors')}</SectionTitle>
        <Typography variant="body2" color={data.supervisors.length ? 'text.primary' : 'text.secondary'}>
          {data.supervisors.length
            ? data.supervisors.map((s) => `${s.lastName}, ${s.firstName}`).join('; ')
            : t('employee.assignments.noSupervisors')}
        </Typography>
      </Box>
      {/* The pickers offer only the units the user may assign; the ones assigned already stay. */}
      <DepartmentPickerDialog
        open={picker === 'department'}
        multiple
        title={t('employee.assignments.chooseDepartments')}
        onClose={() => setPicker(null)}
        onSelect={(rows) => {
          setPicker(null);
          change('departmentIds', departmentIds, [...departmentIds, ...rows.map((r) => r.id)]);
        }}
      />
      <LocationPickerDialog
        open={picker === 'location'}
        multiple
        title={t('employee.assignments.chooseLocations')}
        onClose={() => setPicker(null)}
        onSelect={(rows) => {
          setPicker(null);
          change('locationIds', locationIds, [...locationIds, ...rows.map((r) => r.id)]);
        }}
      />
      <EmployeePickerDialog
        open={picker === 'employees'}
        multiple
        value={ledIds}
        title={t('employee.assignments.chooseEmployees')}
        onClose={() => setPicker(null)}
        onSelect={(rows: EmployeePickerRow[]) => {
          setPicker(null);
          change(
            'ledEmployeeIds',
            ledIds,
            rows.map((r) => r.id).filter((id) => id !== employeeId),
          );
        }}
      />
    </Stack>
  );
}
