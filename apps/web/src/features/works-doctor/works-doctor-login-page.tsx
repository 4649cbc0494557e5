import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { useWorksDoctorLogin } from './api/works-doctor.ts';

/**
 * /works-doctor/login „Anmeldung Betriebsarzt“ (decision 063): the works doctor's own sign-in. Wrong
 * credentials answer like the ordinary sign-in; a switched-off module and an account that is not set up as a
 * works doctor answer with the two messages of spec §8. Signed in, the doctor lands on their view (the guest
 * guard's `redirect`).
 */
export function WorksDoctorLoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('worksDoctor.login.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const login = useWorksDoctorLogin();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: values.username.trim() === '' ? t('login.usernameRequired') : undefined,
      password: values.password === '' ? t('login.passwordRequired') : undefined,
    };
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    // Signed in, the guest guard sends the doctor to their view (or the page they were sent here from).
    if (!searchParams.get('redirect')) setSearchParams({ redirect: '/works-doctor' }, { replace: true });
    login.mutate(
      { username: values.username.trim(), password: values.password },
      { onError: () => setValues((v) => ({ ...v, password: '' })) },
    );
  };

  useEffect(() => {
    if (login.isError && !login.isPending) passwordRef.current?.focus();
  }, [login.isError, login.isPending]);

  const change = (field: 'username' | 'password') => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (login.isError) login.reset();
  };

  let failure: string | null = null;
  if (login.error) {
    failure =
      isApiError(login.error) && login.error.status === 401
        ? t('login.failed')
        : errorMessage(login.error, t);
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="works-doctor-login-heading">
      <Stack spacing={2.5}>
        <Typography
          id="works-doctor-login-heading"
          variant="h1"
          sx={{ fontSize: '1.5rem', textAlign: 'center' }}
        >
          {t('worksDoctor.login.heading')}
        </Typography>
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextField
          name="username"
          inputRef={usernameRef}
          value={values.username}
          onChange={change('username')}
          label={t('login.username')}
          autoComplete="username"
          autoFocus
          disabled={login.isPending}
          error={Boolean(errors.username)}
          helperText={errors.username}
        />
        <TextField
          name="password"
          inputRef={passwordRef}
          value={values.password}
          onChange={change('password')}
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          disabled={login.isPending}
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={login.isPending}
          startIcon={login.isPending ? <CircularProgress size={18} color="inherit" /> : <LoginIcon />}
        >
          {login.isPending ? t('login.running') : t('worksDoctor.login.submit')}
        </Button>
        <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
          {t('worksDoctor.login.back')}
        </Link>
      </Stack>
    </Box>
  );
}
