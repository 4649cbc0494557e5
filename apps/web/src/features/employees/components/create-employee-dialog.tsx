import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import type { Employee } from '@schutzwerk/shared/employees/employee.schema.ts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordPolicyBox } from '#features/password/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { useCreateEmployee } from '../api/create-employee.ts';
import {
  type CreateEmployeeFormInput,
  type CreateEmployeeFormOutput,
  createEmployeeFormSchema,
} from '../employee-form-schema.ts';
import { serverFieldErrors } from '../server-field-errors.ts';

const FIELDS = ['personnelNumber', 'lastName', 'firstName', 'loginName', 'email', 'password'] as const;
const EMPTY: CreateEmployeeFormInput = {
  personnelNumber: '',
  lastName: '',
  firstName: '',
  loginName: '',
  email: '',
  password: '',
};

type Props = { open: boolean; onClose: () => void; onCreated: (employee: Employee) => void };

/** 'Mitarbeiter anlegen': the mandatory fields plus login name, e-mail and an optional first password. */
export function CreateEmployeeDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const mutation = useCreateEmployee();
  const [fieldErrorsShown, setFieldErrorsShown] = useState(false);
  const form = useForm<CreateEmployeeFormInput, unknown, CreateEmployeeFormOutput>({
    resolver: zodResolver(createEmployeeFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const close = () => {
    if (mutation.isPending) return;
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    setFieldErrorsShown(false);
    mutation.mutate(
      {
        personnelNumber: values.personnelNumber,
        lastName: values.lastName,
        firstName: values.firstName,
        loginName: values.loginName,
        email: values.email,
        ...(values.password ? { password: values.password } : {}),
      },
      {
        onSuccess: (employee) => onCreated(employee),
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error, FIELDS);
          fieldErrors.forEach(({ field, message }, index) => {
            form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
          });
          setFieldErrorsShown(fieldErrors.length > 0);
        },
      },
    );
  });

  const field = (
    name: (typeof FIELDS)[number],
    options: {
      required?: boolean;
      type?: string;
      maxLength: number;
      helperText?: string;
      autoFocus?: boolean;
    },
  ) => (
    <TextField
      {...form.register(name)}
      label={t(`employee.fields.${name}`)}
      type={options.type ?? 'text'}
      required={options.required}
      autoFocus={options.autoFocus}
      autoComplete={name === 'password' ? 'new-password' : 'off'}
      disabled={mutation.isPending}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? options.helperText}
      slotProps={{ htmlInput: { maxLength: options.maxLength } }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      aria-labelledby="create-employee-title"
      slotProps={{
        paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } },
        transition: {
          onExited: () => {
            form.reset(EMPTY);
            mutation.reset();
            setFieldErrorsShown(false);
          },
        },
      }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="create-employee-title">{t('employee.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {mutation.error && !fieldErrorsShown ? (
              <Alert severity="error" role="alert">
                {errorMessage(mutation.error, t)}
              </Alert>
            ) : null}
            {field('personnelNumber', { required: true, maxLength: 50, autoFocus: true })}
            {field('lastName', { required: true, maxLength: 100 })}
            {field('firstName', { required: true, maxLength: 100 })}
            {field('loginName', { maxLength: 100 })}
            {field('email', { type: 'email', maxLength: 200 })}
            {field('password', { type: 'password', maxLength: 1024, helperText: t('employee.passwordHint') })}
            <PasswordPolicyBox password={password ?? ''} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('employee.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
