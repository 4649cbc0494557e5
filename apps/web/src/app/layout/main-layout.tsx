import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { ChangePasswordDialog } from '#features/auth/components/change-password-dialog.tsx';
import { useLogout } from '#lib/session/logout.ts';
import { useSessionUser } from '#lib/session/session.tsx';
import { ToolbarProvider } from '#lib/toolbar-context.tsx';
import { AppToolbar } from '../toolbar/app-toolbar.tsx';
import { OfflineBanner } from '../toolbar/online-status.tsx';
import { ProgressBar } from '../toolbar/progress-bar.tsx';
import { AppDrawerContent, DRAWER_WIDTH } from './app-drawer.tsx';
import { VersionDialog } from './version-dialog.tsx';

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
  const user = useSessionUser();
  const logout = useLogout();

  const closeMobile = () => setMobileOpen(false);
  const drawerContent = (
    <AppDrawerContent
      onNavigate={closeMobile}
      onVersionInfo={() => {
        closeMobile();
        setVersionOpen(true);
      }}
      onChangePassword={() => {
        closeMobile();
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
      {/* Part of the shell's chunk, not loaded on demand: the user menu works offline too (decision 037). */}
      <VersionDialog
        open={versionOpen}
        onClose={() => setVersionOpen(false)}
        portalName={user.scope.portalName}
      />
      {user.loggedInViaADFS ? null : (
        <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      )}
    </ToolbarProvider>
  );
}
