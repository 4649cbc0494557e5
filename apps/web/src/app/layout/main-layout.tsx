import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { useLogout } from '#lib/session/logout.ts';
import { useSessionUser } from '#lib/session/session.tsx';
import { ToolbarProvider } from '#lib/toolbar-context.tsx';
import { AppToolbar } from '../toolbar/app-toolbar.tsx';
import { OfflineBanner } from '../toolbar/online-status.tsx';
import { ProgressBar } from '../toolbar/progress-bar.tsx';
import { AppDrawerContent, DRAWER_WIDTH } from './app-drawer.tsx';

// The two dialogs of the user menu are not part of the first load (decision 037): they are fetched once the
// shell stands and the browser is idle, so they open at once later — offline too.
const loadChangePasswordDialog = () => import('#features/auth/components/change-password-dialog.tsx');
const loadVersionDialog = () => import('./version-dialog.tsx');
const ChangePasswordDialog = lazy(() =>
  loadChangePasswordDialog().then((m) => ({ default: m.ChangePasswordDialog })),
);
const VersionDialog = lazy(() => loadVersionDialog().then((m) => ({ default: m.VersionDialog })));

/**
 * Starts the given chunk loads once, a few seconds after the shell has mounted and when the browser is idle:
 * after the page's own chunks and data, which matter first.
 */
function usePrefetchWhenIdle(...loaders: (() => Promise<unknown>)[]) {
  const [first] = useState(loaders);
  useEffect(() => {
    const run = () => {
      // A failure here is not the user's: the dialog loads (and reports) again when it is opened.
      for (const load of first) load().catch(() => undefined);
    };
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: 3000 });
      else run();
    }, 3000);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [first]);
}

/**
 * Main layout: drawer (permanent from 960 px, temporary below), toolbar, progress bar, page. The page is
 * the matched child route, or `children` (the 404 page of an unknown path for a signed-in user).
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [versionOpen, setVersionOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [versionSeen, setVersionSeen] = useState(false);
  const [passwordSeen, setPasswordSeen] = useState(false);
  const user = useSessionUser();
  const logout = useLogout();
  usePrefetchWhenIdle(loadVersionDialog, loadChangePasswordDialog);

  const closeMobile = () => setMobileOpen(false);
  const drawerContent = (
    <AppDrawerContent
      onNavigate={closeMobile}
      onVersionInfo={() => {
        closeMobile();
        setVersionSeen(true);
        setVersionOpen(true);
      }}
      onChangePassword={() => {
        closeMobile();
        setPasswordSeen(true);
        setPasswordOpen(true);
      }}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
    />
  );

  return (
    <ToolbarProvider>
      <Box
        component="button"
        type="button"
        onClick={() => document.getElementById('main-content')?.focus()}
        sx={{
          border: 0,
          cursor: 'pointer',
          font: 'inherit',
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          p: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('app.skipToContent')}
      </Box>
      <Box sx={{ display: 'flex', height: '100dvh', overflow: 'hidden' }}>
        {permanent ? (
          <Drawer
            variant="permanent"
            open
            sx={{
              width: DRAWER_WIDTH,
              flexShrink: 0,
              '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
            }}
          >
            {drawerContent}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={closeMobile}
            keepMounted
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            {drawerContent}
          </Drawer>
        )}
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <AppBar position="static" elevation={1} sx={{ position: 'relative' }}>
            <AppToolbar onMenuClick={() => setMobileOpen(true)} showMenuButton={!permanent} />
            <ProgressBar />
          </AppBar>
          <OfflineBanner />
          <Box
            component="main"
            id="main-content"
            // The main region is the page's scroller: a tab stop lets keyboard users scroll it even when
            // the page holds nothing focusable (a read-only record on a phone). WCAG 2.1.1, axe
            // `scrollable-region-focusable`. The skip link focuses it too.
            tabIndex={0}
            sx={{
              flex: 1,
              minHeight: 0,
              overflow: 'auto',
              display: 'flex',
              flexDirection: 'column',
              p: { xs: 1.5, sm: 2, md: 3 },
              '&:focus': { outline: 'none' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            <Suspense fallback={<FullPageLoader />}>{children ?? <Outlet />}</Suspense>
          </Box>
        </Box>
      </Box>
      {/* Mounted from the first opening on, so that closing still animates and returns the focus. */}
      <Suspense fallback={null}>
        {versionSeen ? (
          <VersionDialog
            open={versionOpen}
            onClose={() => setVersionOpen(false)}
            portalName={user.scope.portalName}
          />
        ) : null}
        {passwordSeen && !user.loggedInViaADFS ? (
          <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        ) : null}
      </Suspense>
    </ToolbarProvider>
  );
}
