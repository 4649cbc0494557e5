import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { settingsListQueryOptions } from '#features/settings/api/get-settings.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { SETTINGS_TABS } from './settings-tabs.ts';

/** The settings screen: one tab per category the user may read (`/settings/:tab`). */
export function SettingsPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  const { canAny } = usePermissions();
  const list = useQuery(settingsListQueryOptions());
  useToolbar({ title: t('settings.title') });

  const visible = useMemo(() => {
    const readable = new Set((list.data ?? []).map((c) => c.key));
    return SETTINGS_TABS.filter((entry) =>
      entry.category ? readable.has(entry.category) : entry.anyOf ? canAny(entry.anyOf) : false,
    );
  }, [list.data, canAny]);

  if (list.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('settings.loading')} />
      </Box>
    );
  }
  if (list.isError) {
    return (
      <Alert severity="error" role="alert">
        {errorMessage(list.error, t)}
      </Alert>
    );
  }
  const active = visible.find((entry) => entry.key === tab);
  if (!active) {
    // No tab or one the user may not open: the first tab the user may open.
    const first = visible[0];
    if (first) return <Navigate to={`/settings/${first.key}`} replace />;
    return (
      <Alert severity="info" role="status">
        {t('settings.noTabs')}
      </Alert>
    );
  }
  const Component = active.component;
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Tabs
        value={active.key}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={t('settings.tabsLabel')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {visible.map((entry) => (
          <Tab
            key={entry.key}
            value={entry.key}
            label={t(entry.labelKey)}
            component={Link}
            to={`/settings/${entry.key}`}
          />
        ))}
      </Tabs>
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label={t('settings.loading')} />
          </Box>
        }
      >
        <Component />
      </Suspense>
    </Box>
  );
}
