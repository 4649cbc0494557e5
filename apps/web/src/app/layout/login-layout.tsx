import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@schutzwerk/shared/constants.ts';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ProductLogo } from './product-logo.tsx';

/** The separate dark layout of /login: no navigation, the form on a card. */
export function LoginLayout() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'radial-gradient(circle at 30% 20%, #1f4a85 0%, #0d2547 45%, #08172d 100%)',
        color: 'common.white',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <ProductLogo size={48} />
        <Box>
          <Typography
            component="p"
            sx={{ fontSize: '1.75rem', fontWeight: 600, letterSpacing: 0.5, lineHeight: 1.1 }}
          >
            {PRODUCT_NAME}
          </Typography>
          <Typography component="p" variant="body2" sx={{ opacity: 0.8 }}>
            {t('login.subtitle')}
          </Typography>
        </Box>
      </Box>
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Outlet />
      </Paper>
      <Typography variant="caption" sx={{ mt: 3, opacity: 0.6 }}>
        {t('version.version')} {PRODUCT_VERSION}
      </Typography>
    </Box>
  );
}
