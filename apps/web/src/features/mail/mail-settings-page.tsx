import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { P } from '@schutzwerk/shared/permissions.ts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';

const TABS = [
  {
    key: 'smtp',
    anyOf: [P.MAIL_SETTINGS, P.MAIL_SETTINGS_EDIT],
    component: lazy(() => import('./smtp-tab.tsx')),
  },
  {
    key: 'templates',
    anyOf: [P.MAIL_SETTINGS, P.MAIL_TEMPLATES],
    component: lazy(() => import('./templates-tab.tsx')),
  },
  { key: 'outbox', anyOf: [P.MAIL_SETTINGS, P.MAIL_LOG], component: lazy(() => import('./outbox-tab.tsx')) },
] as const;

/** /mailsettings/settings — Mail-Einstellungen: SMTP (with the test mail), templates, outbox (?tab=…). */
export function MailSettingsPage() {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const [params, setParams] = useSearchParams();
  const visible = TABS.filter((tab) => canAny(tab.anyOf));
  const current = visible.find((tab) => tab.key === params.get('tab')) ?? visible[0];
  useToolbar({ title: t('mail.title') });
  if (!current) return null;
  const Component = current.component;
  return (
    <Stack spacing={2}>
      <Tabs
        value={current.key}
        onChange={(_, key: string) => setParams({ tab: key }, { replace: true })}
        aria-label={t('mail.title')}
        variant="scrollable"
      >
        {visible.map((tab) => (
          <Tab key={tab.key} value={tab.key} label={t(`mail.tabs.${tab.key}`)} />
        ))}
      </Tabs>
      <Suspense fallback={<FullPageLoader />}>
        <Component />
      </Suspense>
    </Stack>
  );
}
