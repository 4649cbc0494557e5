import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EmployeeActivity } from '@schutzwerk/shared/activities/activity.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useEmployeeActivities } from '../api/get-employee-activities.ts';
import { useReplaceEmployeeActivities } from '../api/replace-employee-activities.ts';
import { ActivityPickerDialog } from './activity-picker-dialog.tsx';

export type EmployeeActivitiesPanelProps = {
  employeeId: number;
  /** The employee page's own read-only state; without EMPLOYEES_EDIT + EMPLOYEES_ACTIVITIES it is read-only anyway. */
  readOnly: boolean;
};

/**
 * An employee's roles and activities (Eigenschaften), for the employee record. Each change is saved at once
 * (PUT with the revision it is based on); a concurrent change answers 409 and the panel offers to reload.
 */
export function EmployeeActivitiesPanel({ employeeId, readOnly }: EmployeeActivitiesPanelProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAll } = usePermissions();
  const editable = !readOnly && canAll([P.EMPLOYEES_EDIT, P.EMPLOYEES_ACTIVITIES]);
  const query = useEmployeeActivities(employeeId);
  const replace = useReplaceEmployeeActivities(employeeId);
  const [picker, setPicker] = useState<'roles' | 'activities' | null>(null);
  const rolesId = useId();
  const activitiesId = useId();

  if (query.isPending) return <CircularProgress size={24} aria-label={t('employeeActivities.activities')} />;
  if (isApiError(query.error) && query.error.code === 'EMPLOYEE_NOT_FOUND') {
    // Activities belong to a portal: the main portal sees customers' employees, but not their trees.
    return <Alert severity="info">{t('employeeActivities.otherPortal')}</Alert>;
  }
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {errorMessage(query.error, t)}
      </Alert>
    );
  }
  const data = query.data;
  const conflict =
    isApiError(replace.error) && replace.error.status === 409 && replace.error.code === 'CONFLICT';

  const save = (roleIds: number[], activityIds: number[]) => {
    replace.mutate(
      { revision: data.revision, roleIds, activityIds },
      { onSuccess: () => notify(t('employeeActivities.saved')) },
    );
  };
  const ids = (list: EmployeeActivity[]) => list.map((a) => a.id);
  const assigned = new Set([...ids(data.roles), ...ids(data.activities)]);

  const section = (kind: 'roles' | 'activities', list: EmployeeActivity[], headingId: string) => (
    <Box component="section" aria-labelledby={headingId} data-testid={`employee-${kind}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3">
          {t(`employeeActivities.${kind}`)}
        </Typography>
        {editable ? (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => {
              replace.reset();
              setPicker(kind);
            }}
            disabled={replace.isPending}
          >
            {kind === 'roles' ? t('employeeActivities.addRole') : t('employeeActivities.addActivity')}
          </Button>
        ) : null}
      </Stack>
      {list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {kind === 'roles' ? t('employeeActivities.noRoles') : t('employeeActivities.noActivities')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {list.map((item) => (
            <Box
              key={item.id}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                border: 1,
                borderColor: 'divider',
                borderRadius: 4,
                pl: 1.5,
                pr: editable ? 0.25 : 1.5,
                py: 0.25,
              }}
              title={item.path ? `${item.path} › ${item.name}` : item.name}
            >
              <Typography
                variant="body2"
                component="span"
                sx={{ fontStyle: item.isSystem ? 'italic' : undefined }}
              >
                {item.name}
              </Typography>
              {editable ? (
                <IconButton
                  size="small"
                  aria-label={t('employeeActivities.remove', { name: item.name })}
                  disabled={replace.isPending}
                  onClick={() =>
                    kind === 'roles'
                      ? save(
                          ids(data.roles).filter((id) => id !== item.id),
                          ids(data.activities),
                        )
                      : save(
                          ids(data.roles),
                          ids(data.activities).filter((id) => id !== item.id),
                        )
                  }
                >
                  <CloseIcon fontSize="inherit" />
                </IconButton>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );

  return (
    <Stack spacing={3} data-testid="employee-activities-panel">
      {conflict ? (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                replace.reset();
                void query.refetch();
              }}
            >
              {t('employeeActivities.reload')}
            </Button>
          }
        >
          {t('employeeActivities.conflict')}
        </Alert>
      ) : replace.error ? (
        <Alert severity="error" role="alert">
          {errorMessage(replace.error, t)}
        </Alert>
      ) : null}
      {section('roles', data.roles, rolesId)}
      {section('activities', data.activities, activitiesId)}
      {editable ? (
        <ActivityPickerDialog
          open={picker !== null}
          multiple
          rolesOnly={picker === 'roles'}
          onClose={() => setPicker(null)}
          unavailableReason={(row) =>
            assigned.has(row.id)
              ? t('employeeActivities.alreadyAssigned')
              : picker === 'activities' && row.isRole
                ? t('employeeActivities.isRole')
                : null
          }
          onSelect={(rows) => {
            const chosen = rows.map((r) => r.id).filter((id) => !assigned.has(id));
            if (chosen.length === 0) return;
            if (picker === 'roles') save([...ids(data.roles), ...chosen], ids(data.activities));
            else save(ids(data.roles), [...ids(data.activities), ...chosen]);
          }}
        />
      ) : null}
    </Stack>
  );
}
