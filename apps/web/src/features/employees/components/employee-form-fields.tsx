import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOCALES } from '@schutzwerk/shared/constants.ts';
import { type Employee, GENDERS, PROGRESS_BAR_TYPES } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type FieldPath, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DepartmentPickerField,
  LocationPickerField,
  type TreeChoice,
} from '#components/picker-field/tree-picker-field.tsx';
import { languagesQueryOptions } from '#features/settings/index.ts';
import {
  type EmployeeFormValues,
  germanDateToIso,
  isoToGermanDate,
  joinProgressTypes,
  splitProgressTypes,
} from '../employee-draft.ts';

/** Two columns from md up; a field can span both. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        columnGap: 2,
        rowGap: 2,
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 1 }}>
      {children}
    </Typography>
  );
}

type TextFieldName = Exclude<FieldPath<EmployeeFormValues>, FlagName | 'gender'>;
type FlagName =
  | 'active'
  | 'isTempWorker'
  | 'isExternal'
  | 'hasAdminRights'
  | 'keepActiveOnImport'
  | 'progressBarShow';

type TextInputProps = {
  name: TextFieldName;
  readOnly: boolean;
  maxLength?: number;
  required?: boolean;
  multiline?: boolean;
  type?: 'text' | 'email' | 'tel';
  helperText?: string;
  wide?: boolean;
};

export function TextInput({
  name,
  readOnly,
  maxLength,
  required,
  multiline,
  type = 'text',
  helperText,
  wide,
}: TextInputProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<EmployeeFormValues, TextFieldName>({ name });
  return (
    <TextField
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={t(`employee.fields.${name}`)}
      type={type}
      required={required && !readOnly}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      sx={wide ? { gridColumn: '1 / -1' } : undefined}
      slotProps={{ input: { readOnly }, htmlInput: { maxLength } }}
    />
  );
}

/** A date typed as dd.mm.yyyy; on leaving the field a short form (1.4.2024) is padded. */
export function DateInput({ name, readOnly }: { name: TextFieldName; readOnly: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<EmployeeFormValues, TextFieldName>({ name });
  return (
    <TextField
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={() => {
        // A pasted ISO date (2024-04-01) is shown the German way as well.
        const text = field.value.trim();
        const iso = germanDateToIso(text) ?? (/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null);
        if (iso && isoToGermanDate(iso) !== field.value) field.onChange(isoToGermanDate(iso));
        field.onBlur();
      }}
      inputRef={field.ref}
      label={t(`employee.fields.${name}`)}
      placeholder={readOnly ? undefined : t('employee.datePlaceholder')}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      slotProps={{
        input: { readOnly },
        htmlInput: { maxLength: 10, inputMode: 'numeric', autoComplete: 'off' },
        inputLabel: { shrink: true },
      }}
    />
  );
}

export function FlagInput({ name, readOnly }: { name: Exclude<FlagName, 'active'>; readOnly: boolean }) {
  const { t } = useTranslation();
  const { field } = useController<EmployeeFormValues, typeof name>({ name });
  return (
    <FormControlLabel
      label={t(`employee.fields.${name}`)}
      control={
        <Checkbox
          name={field.name}
          checked={field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          disabled={readOnly}
        />
      }
    />
  );
}

/** The active switch; switching off goes through `onRequestDeactivate` (the caller confirms first). */
export function ActiveSwitch({
  readOnly,
  onRequestDeactivate,
  hint,
}: {
  readOnly: boolean;
  onRequestDeactivate: () => void;
  hint?: string | undefined;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<EmployeeFormValues, 'active'>({ name: 'active' });
  const message = fieldState.error?.message ?? hint;
  return (
    <Box>
      <FormControlLabel
        label={t('employee.fields.active')}
        control={
          <Switch
            name={field.name}
            checked={field.value}
            onChange={(event) => {
              if (event.target.checked) field.onChange(true);
              else onRequestDeactivate();
            }}
            onBlur={field.onBlur}
            disabled={readOnly}
          />
        }
      />
      {message ? <FormHelperText error={Boolean(fieldState.error)}>{message}</FormHelperText> : null}
    </Box>
  );
}

export function GenderSelect({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<EmployeeFormValues, 'gender'>({ name: 'gender' });
  return (
    <TextField
      select
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={t('employee.fields.gender')}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      slotProps={{ input: { readOnly }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('employee.noSelection')}</MenuItem>
      {GENDERS.map((gender) => (
        <MenuItem key={gender} value={gender}>
          {t(`employee.genders.${gender}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

const languageNames = new Intl.DisplayNames(['de-DE'], { type: 'language' });
function languageLabel(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The languages active in the settings; a value from elsewhere (import, disabled later) stays as it is. */
export function LanguageSelect({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<EmployeeFormValues, 'language'>({ name: 'language' });
  const languages = useQuery(languagesQueryOptions());
  const options: string[] = [...(languages.data?.enabledLocales ?? LOCALES)];
  if (field.value && !options.includes(field.value)) options.unshift(field.value);
  return (
    <TextField
      select
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={t('employee.fields.language')}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      slotProps={{ input: { readOnly }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('employee.noSelection')}</MenuItem>
      {options.map((code) => (
        <MenuItem key={code} value={code}>
          {`${languageLabel(code)} (${code})`}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The progress bar types as a group of check boxes over the comma-joined form value. */
export function ProgressTypesInput({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<EmployeeFormValues, 'progressBarTypes'>({
    name: 'progressBarTypes',
  });
  const chosen = splitProgressTypes(field.value);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('employee.fields.progressBarTypes')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {PROGRESS_BAR_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            label={t(`employee.progressTypes.${type}`)}
            control={
              <Checkbox
                name={`progressBarTypes.${type}`}
                checked={chosen.includes(type)}
                disabled={readOnly}
                onBlur={field.onBlur}
                onChange={(event) =>
                  field.onChange(
                    joinProgressTypes(
                      event.target.checked ? [...chosen, type] : chosen.filter((other) => other !== type),
                    ),
                  )
                }
              />
            }
          />
        ))}
      </Box>
      {fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
    </Box>
  );
}

/**
 * Department or location of the employee: the tree picker of the organisation module. The form holds
 * the id; the shown path comes from the record (or from the row just chosen).
 */
export function UnitInput({
  kind,
  employee,
  readOnly,
  label,
}: {
  kind: 'department' | 'location';
  employee: Employee;
  readOnly: boolean;
  label: string;
}) {
  const name = kind === 'department' ? 'departmentId' : 'locationId';
  const { field, fieldState } = useController<EmployeeFormValues, typeof name>({ name });
  const [chosen, setChosen] = useState<TreeChoice | null>(null);
  const id = field.value === '' ? null : Number(field.value);
  const recordName = kind === 'department' ? employee.departmentName : employee.locationName;
  const recordId = kind === 'department' ? employee.departmentId : employee.locationId;
  const value: TreeChoice | null =
    id === null
      ? null
      : chosen?.id === id
        ? chosen
        : { id, name: id === recordId ? (recordName ?? '') : String(id) };
  const Picker = kind === 'department' ? DepartmentPickerField : LocationPickerField;
  return (
    <Picker
      value={value}
      label={label}
      disabled={readOnly}
      portalId={employee.portalId}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      onChange={(next) => {
        setChosen(next);
        field.onChange(next ? String(next.id) : '');
        field.onBlur();
      }}
    />
  );
}
