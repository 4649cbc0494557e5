import { zodResolver } from '@hookform/resolvers/zod';
import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
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
  const schema = useMemo(
    () =>
      z.object({
        username: z.string().trim().min(1, t('login.usernameRequired')),
        password: z.string().min(1, t('login.passwordRequired')),
      }),
    [t],
  );
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
    mode: 'onSubmit',
  });
  const { errors } = form.formState;
  const expired = getSessionEndReason() === 'expired';

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onError: () => form.setValue('password', ''),
    });
  });

  // After a failed attempt the (emptied) password field takes the focus, once it is enabled again.
  const { setFocus } = form;
  useEffect(() => {
    if (login.isError) setFocus('password');
  }, [login.isError, setFocus]);

  // Typing again hides the message of the failed attempt.
  const clearFailure = () => {
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
          {...form.register('username', { onChange: clearFailure })}
          label={t('login.username')}
          autoComplete="username"
          autoFocus
          disabled={login.isPending}
          error={Boolean(errors.username)}
          helperText={errors.username?.message}
          size="medium"
        />
        <TextField
          {...form.register('password', { onChange: clearFailure })}
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          disabled={login.isPending}
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
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
      </Stack>
    </Box>
  );
}
