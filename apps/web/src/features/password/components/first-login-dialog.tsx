import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CurrentUser } from '@schutzwerk/shared/auth/auth.schema.ts';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useLogout } from '#lib/session/logout.ts';
import { useFirstLogin } from '../api/first-login.ts';
import { PasswordPolicyBox } from './password-policy-box.tsx';

/** Spec modules.md §5 "First login": first and last name required; the passwords must match. */
function firstLoginFormSchema(t: TFunction) {
  return z
    .object({
      firstName: z.string().trim().min(1, t('password.firstLogin.firstNameRequired')).max(100),
      lastName: z.string().trim().min(1, t('password.firstLogin.lastNameRequired')).max(100),
      newPassword: z.string().min(1, t('password.firstLogin.newRequired')).max(1024),
      repeatPassword: z.string().min(1, t('password.firstLogin.repeatRequired')).max(1024),
    })
    .refine((v) => v.repeatPassword === '' || v.newPassword === v.repeatPassword, {
      path: ['repeatPassword'],
      message: t('password.firstLogin.mismatch'),
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | undefined;
        return typeof value?.newPassword === 'string' && typeof value.repeatPassword === 'string';
      },
    });
}
type FormValues = z.infer<ReturnType<typeof firstLoginFormSchema>>;

/**
 * Shown right after sign-in while the account must change its initial or generated password (decision
 * 012). It cannot be closed; the only other way out is 'Abmelden'. The server refuses every other call
 * with PASSWORD_CHANGE_REQUIRED meanwhile.
 */
export function FirstLoginDialog({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mutation = useFirstLogin();
  const logout = useLogout();
  const schema = useMemo(() => firstLoginFormSchema(t), [t]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: user.employee.firstName ?? '',
      lastName: user.employee.lastName ?? '',
      newPassword: '',
      repeatPassword: '',
    },
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const busy = mutation.isPending || logout.isPending;

  const { setError } = form;
  useEffect(() => {
    const fields = fieldErrors(mutation.error);
    for (const name of ['firstName', 'lastName', 'newPassword', 'repeatPassword'] as const) {
      if (fields[name]) setError(name, { type: 'server', message: fields[name] });
    }
  }, [mutation.error, setError]);

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, { onSuccess: () => notify(t('password.firstLogin.success')) });
  });

  const text = (
    name: keyof FormValues,
    extra: { type?: string; autoComplete: string; autoFocus?: boolean },
  ) => (
    <TextField
      {...form.register(name, name === 'newPassword' ? { deps: ['repeatPassword'] } : {})}
      label={t(`password.firstLogin.${name}`)}
      disabled={busy}
      slotProps={{ htmlInput: { 'aria-required': true } }}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      {...extra}
    />
  );

  return (
    <Dialog
      open
      aria-labelledby="first-login-title"
      aria-busy={busy}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="first-login-title">{t('password.firstLogin.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{t('password.firstLogin.intro')}</DialogContentText>
            {mutation.error ? (
              <Alert severity="error" role="alert">
                {errorMessage(mutation.error, t)}
              </Alert>
            ) : null}
            {text('firstName', { autoComplete: 'given-name', autoFocus: true })}
            {text('lastName', { autoComplete: 'family-name' })}
            {text('newPassword', { type: 'password', autoComplete: 'new-password' })}
            <PasswordPolicyBox password={newPassword} />
            {text('repeatPassword', { type: 'password', autoComplete: 'new-password' })}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => logout.mutate()} disabled={busy}>
            {t('password.firstLogin.logout')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('password.firstLogin.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
