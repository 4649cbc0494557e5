import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useTranslation } from 'react-i18next';
import type { EmployeeFormField, WriteAccess } from '../employee-draft.ts';
import {
  ActiveSwitch,
  DateInput,
  FieldGrid,
  FlagInput,
  GenderSelect,
  LanguageSelect,
  ProgressTypesInput,
  SectionTitle,
  TextInput,
  UnitInput,
} from './employee-form-fields.tsx';

/** The tabs of the employee record that exist so far (spec modules "Employees and import"). */
export const EMPLOYEE_TABS = [
  'basic',
  'extended',
  'health',
  'activities',
  'portals',
  'responsibilities',
  'instructions',
  'exceptions',
  'progress',
] as const;
export type EmployeeTab = (typeof EMPLOYEE_TABS)[number];

const EXTENDED_FIELDS: readonly EmployeeFormField[] = [
  'isTempWorker',
  'isExternal',
  'hasAdminRights',
  'keepActiveOnImport',
  'worksBanUntil',
  'hireDate',
  'tempWorkUntil',
  'workingTasks',
  'workingTime',
  'gender',
  'citizenship',
  'street',
  'zip',
  'city',
  'birthday',
];
const HEALTH_TAB_FIELDS: readonly EmployeeFormField[] = [
  'healthInsuranceName',
  'healthInsuranceStreet',
  'healthInsuranceZip',
  'healthInsuranceCity',
];
const PROGRESS_TAB_FIELDS: readonly EmployeeFormField[] = [
  'progressBarShow',
  'progressBarTypes',
  'progressBarWarnDays',
];

/** The tab that shows a field (to open it when the field has an error). */
export function tabOfField(field: string): EmployeeTab {
  if (HEALTH_TAB_FIELDS.includes(field as EmployeeFormField)) return 'health';
  if (PROGRESS_TAB_FIELDS.includes(field as EmployeeFormField)) return 'progress';
  if (EXTENDED_FIELDS.includes(field as EmployeeFormField)) return 'extended';
  return 'basic';
}

type TabProps = { employee: Employee; access: WriteAccess };

export function BasicDataTab({
  employee,
  access,
  activeHint,
  onRequestDeactivate,
}: TabProps & { activeHint?: string | undefined; onRequestDeactivate: () => void }) {
  const { t } = useTranslation();
  const readOnly = !access.basic;
  const signInReadOnly = !access.signIn;
  return (
    <Stack spacing={2}>
      {employee.signInLocked && access.basic ? (
        <Alert severity="info" data-testid="sign-in-locked">
          {t('employee.signInLocked')}
        </Alert>
      ) : null}
      <SectionTitle>{t('employee.sectionContact')}</SectionTitle>
      <FieldGrid>
        <TextInput name="personnelNumber" required readOnly={readOnly} maxLength={50} />
        <TextInput name="loginName" readOnly={signInReadOnly} maxLength={100} />
        <TextInput name="lastName" required readOnly={readOnly} maxLength={100} />
        <TextInput name="firstName" required readOnly={readOnly} maxLength={100} />
        <TextInput name="email" type="email" readOnly={signInReadOnly} maxLength={200} />
        <TextInput name="phone" type="tel" readOnly={readOnly} maxLength={50} />
        <TextInput name="mobileInternal" type="tel" readOnly={readOnly} maxLength={50} />
        {employee.restricted.extended ? null : (
          <TextInput name="chipId" readOnly={!access.chipId} maxLength={100} />
        )}
        <TextInput name="idNumber" readOnly={readOnly} maxLength={50} />
        <TextInput name="tempLoginName" readOnly={signInReadOnly} maxLength={100} />
      </FieldGrid>
      <SectionTitle>{t('employee.sectionOrganisation')}</SectionTitle>
      <FieldGrid>
        <TextInput name="company" readOnly={readOnly} maxLength={200} />
        <LanguageSelect readOnly={readOnly} />
        <UnitInput
          kind="department"
          employee={employee}
          readOnly={!access.department}
          label={t('employee.fields.department')}
        />
        <UnitInput
          kind="location"
          employee={employee}
          readOnly={!access.location}
          label={t('employee.fields.location')}
        />
        <TextInput name="country" readOnly={readOnly} maxLength={2} helperText={t('employee.countryHint')} />
        <ActiveSwitch
          readOnly={!access.activation}
          hint={activeHint}
          onRequestDeactivate={onRequestDeactivate}
        />
      </FieldGrid>
    </Stack>
  );
}

export function ExtendedDataTab({ employee, access }: TabProps) {
  const { t } = useTranslation();
  const readOnly = !access.basic;
  const tempReadOnly = !access.tempWorkers;
  const personalReadOnly = !access.personal;
  return (
    <Stack spacing={2}>
      {employee.restricted.extended ? (
        <Alert severity="info" data-testid="restricted-extended">
          {t('employee.restrictedExtended')}
        </Alert>
      ) : (
        <>
          <SectionTitle>{t('employee.sectionFlags')}</SectionTitle>
          <FieldGrid>
            <FlagInput name="isTempWorker" readOnly={tempReadOnly} />
            <FlagInput name="isExternal" readOnly={tempReadOnly} />
            <FlagInput name="hasAdminRights" readOnly={readOnly} />
            <FlagInput name="keepActiveOnImport" readOnly={readOnly} />
          </FieldGrid>
          <SectionTitle>{t('employee.sectionDates')}</SectionTitle>
          <FieldGrid>
            <DateInput name="hireDate" readOnly={readOnly} />
            <DateInput name="worksBanUntil" readOnly={readOnly} />
            <DateInput name="tempWorkUntil" readOnly={tempReadOnly} />
          </FieldGrid>
          <SectionTitle>{t('employee.sectionWork')}</SectionTitle>
          <FieldGrid>
            <TextInput name="workingTasks" multiline wide readOnly={readOnly} maxLength={1000} />
            <TextInput name="workingTime" readOnly={readOnly} maxLength={100} />
          </FieldGrid>
        </>
      )}
      <SectionTitle>{t('employee.sectionPersonal')}</SectionTitle>
      {employee.restricted.personal ? (
        <Alert severity="info" data-testid="restricted-personal">
          {t('employee.restrictedPersonal')}
        </Alert>
      ) : (
        <FieldGrid>
          <GenderSelect readOnly={personalReadOnly} />
          <DateInput name="birthday" readOnly={personalReadOnly} />
          <TextInput name="citizenship" readOnly={personalReadOnly} maxLength={100} />
          <TextInput name="street" readOnly={personalReadOnly} maxLength={200} />
          <TextInput name="zip" readOnly={personalReadOnly} maxLength={10} />
          <TextInput name="city" readOnly={personalReadOnly} maxLength={100} />
        </FieldGrid>
      )}
    </Stack>
  );
}

export function HealthInsuranceTab({ employee, access }: TabProps) {
  const { t } = useTranslation();
  const readOnly = !access.health;
  return (
    <Stack spacing={2}>
      <SectionTitle>{t('employee.sectionHealth')}</SectionTitle>
      {employee.restricted.health ? (
        <Alert severity="info" data-testid="restricted-health">
          {t('employee.restrictedHealth')}
        </Alert>
      ) : (
        <FieldGrid>
          <TextInput name="healthInsuranceName" wide readOnly={readOnly} maxLength={200} />
          <TextInput name="healthInsuranceStreet" readOnly={readOnly} maxLength={200} />
          <TextInput name="healthInsuranceZip" readOnly={readOnly} maxLength={10} />
          <TextInput name="healthInsuranceCity" readOnly={readOnly} maxLength={100} />
        </FieldGrid>
      )}
    </Stack>
  );
}

/** Tab 'Fortschrittsanzeige': whether and what the employee's progress bar shows (instructions etc.). */
export function ProgressBarTab({ access }: { access: WriteAccess }) {
  const { t } = useTranslation();
  const readOnly = !access.basic;
  return (
    <Stack spacing={2}>
      <SectionTitle>{t('employee.sectionProgress')}</SectionTitle>
      <Alert severity="info" variant="outlined">
        {t('employee.progressHint')}
      </Alert>
      <FlagInput name="progressBarShow" readOnly={readOnly} />
      <ProgressTypesInput readOnly={readOnly} />
      <FieldGrid>
        <TextInput
          name="progressBarWarnDays"
          readOnly={readOnly}
          maxLength={3}
          helperText={t('employee.progressWarnDaysHint')}
        />
      </FieldGrid>
    </Stack>
  );
}
