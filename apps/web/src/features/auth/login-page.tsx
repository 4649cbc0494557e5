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
import { Link as RouterLink } from 'react-router';
import { SsoSignIn } from '#features/sso/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { getSessionEndReason } from '#lib/session/session-end.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { useLogin } from './api/login.ts';

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  const login = useLogin();
  // Two required fields, checked by hand: the sign-in page is the first thing every user loads, so it does
  // without the form and schema libraries the rest of the app uses (decision 037, first load).
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const expired = getSessionEndReason() === 'expired';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username: values.username.trim() === '' ? t('login.usernameRequired') : undefined,
      password: values.password === '' ? t('login.passwordRequired') : undefined,
    };
    setErrors(found);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    login.mutate(
      { username: values.username.trim(), password: values.password },
      { onError: () => setValues((v) => ({ ...v, password: '' })) },
    );
  };

  // After a failed attempt the (emptied) password field takes the focus, once it is enabled again.
  useEffect(() => {
    if (login.isError && !login.isPending) passwordRef.current?.focus();
  }, [login.isError, login.isPending]);

  // Typing again hides the message of the failed attempt.
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
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="login-heading">
      <Stack spacing={2.5}>
        <Typography id="login-heading" variant="h1" sx={{ fontSize: '1.5rem', textAlign: 'center' }}>
          {t('login.heading')}
        </Typography>
        {expired && !failure ? <Alert severity="info">{t('login.sessionExpired')}</Alert> : null}
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
          size="medium"
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
          size="medium"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={login.isPending}
          startIcon={login.isPending ? <CircularProgress size={18} color="inherit" /> : <LoginIcon />}
        >
          {login.isPending ? t('login.running') : t('login.submit')}
        </Button>
        <SsoSignIn disabled={login.isPending} />
        <Link component={RouterLink} to="/lost-password" sx={{ textAlign: 'center' }}>
          {t('password.lost.link')}
        </Link>
        <Link component={RouterLink} to="/works-doctor/login" sx={{ textAlign: 'center' }}>
          {t('worksDoctor.login.link')}
        </Link>
      </Stack>
    </Box>
  );
}
