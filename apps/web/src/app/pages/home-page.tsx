import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AppointmentsDashboardTab } from '#features/appointments-dashboard/index.ts';
import { licenseUsageQueryOptions } from '#features/settings/api/get-settings.ts';
import { clearListState } from '#lib/list-state.ts';
import { usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { visibleMenuEntries } from '../menu/menu-entries.ts';

/** Licence warnings (near or over a limit, expiring) for those who look after the licence. */
function LicenseWarnings() {
  const { t } = useTranslation();
  const usage = useQuery(licenseUsageQueryOptions());
  const warnings = usage.data?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3 }}
      data-testid="home-license-warnings"
      action={
        <Button component={Link} to="/settings/license" color="inherit" size="small">
          {t('home.licenseOpen')}
        </Button>
      }
    >
      {warnings.map((warning) => (
        <Box key={warning}>{warning}</Box>
      ))}
    </Alert>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { canAny } = usePermissions();
  useToolbar({ title: t('home.title') });
  const entries = visibleMenuEntries(canAny);
  const name = [user.employee.firstName, user.employee.lastName].filter((part) => part?.trim()).join(' ');
  // The dashboard's tabs (spec: overview, …, appointments and medical check-ups); the tab is in the address.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'appointments' ? 'appointments' : 'overview';

  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto' }}>
      <Typography variant="h2" component="h2" sx={{ mt: { xs: 1, md: 2 } }}>
        {name ? t('home.welcome', { name }) : t('home.welcomeAnonymous')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('home.intro')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: string) => setParams(value === 'overview' ? {} : { tab: value })}
        aria-label={t('appointmentsDashboard.tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab value="overview" label={t('appointmentsDashboard.overview')} />
        <Tab value="appointments" label={t('appointmentsDashboard.tab')} />
      </Tabs>
      {tab === 'appointments' ? <AppointmentsDashboardTab /> : null}
      {tab === 'overview' && entries.length === 0 ? (
        <Alert severity="info">{t('home.noModules')}</Alert>
      ) : null}
      {tab === 'overview' && canAny([P.SETTINGS_READONLY, P.SETTINGS_LICENSE]) ? <LicenseWarnings /> : null}
      {tab === 'overview' && (
        <Box
          component="ul"
          aria-label={t('nav.mainMenu')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            // minmax(0, 1fr) on phones: a long German word wraps inside its tile instead of widening the page.
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {entries.map((entry) => (
            <li key={entry.key}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={Link}
                  to={entry.route}
                  onClick={() => clearListState(entry.route)}
                  sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2, height: '100%' }}
                >
                  <Box
                    sx={{
                      width: 56,
                      height: 56,
                      borderRadius: 2,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      flexShrink: 0,
                    }}
                  >
                    <entry.icon fontSize="large" />
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0, hyphens: 'auto', overflowWrap: 'break-word' }}>
                    <Typography variant="h3" component="span" sx={{ display: 'block', fontSize: '1.1rem' }}>
                      {t(`menu.${entry.key}`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" data-testid="tile-description">
                      {t(`menuDescription.${entry.key}`)}
                    </Typography>
                  </Box>
                  <ChevronRightIcon color="action" />
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
