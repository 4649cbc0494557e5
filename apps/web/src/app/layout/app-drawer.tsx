import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import HomeIcon from '@mui/icons-material/Home';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@schutzwerk/shared/constants.ts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { clearListState } from '#lib/list-state.ts';
import { formatEmployeeName, usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { type MenuEntry, visibleMenuEntries } from '../menu/menu-entries.ts';
import type { MenuNavigationState } from '../permission-gate.tsx';
import { ProductLogo } from './product-logo.tsx';

export const DRAWER_WIDTH = 280;

type Props = {
  onNavigate: () => void;
  onVersionInfo: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
  loggingOut: boolean;
};

/** Drawer content: product, signed-in employee, the menu of spec shell §2.3, then the account buttons. */
export function AppDrawerContent({
  onNavigate,
  onVersionInfo,
  onChangePassword,
  onLogout,
  loggingOut,
}: Props) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { canAny } = usePermissions();
  const location = useLocation();
  const entries = visibleMenuEntries(canAny);
  const name = formatEmployeeName(user.employee) || user.employee.loginName || t('nav.unknownUser');

  const handleEntryClick = (event: MouseEvent, entry: MenuEntry) => {
    // A left click starts the list afresh: stored filter and search of that path are cleared.
    if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey)
      clearListState(entry.route);
    onNavigate();
  };

  const isActive = (route: string) => {
    const base = route.replace(/\/list$/, '');
    return location.pathname === route || location.pathname.startsWith(`${base}/`);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          minHeight: { xs: 56, sm: 64 },
          bgcolor: 'primary.dark',
          color: 'common.white',
        }}
      >
        <ProductLogo size={32} />
        <Typography component="span" sx={{ fontSize: '1.2rem', fontWeight: 600, letterSpacing: 0.4 }}>
          {PRODUCT_NAME}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.75, bgcolor: 'grey.50' }}>
        <AccountCircleIcon color="action" sx={{ fontSize: 36 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('nav.signedInAs')}
          </Typography>
          <Typography
            data-testid="drawer-employee-name"
            sx={{ fontWeight: 500, lineHeight: 1.3, overflowWrap: 'anywhere' }}
            title={name}
          >
            {name}
          </Typography>
          {user.scope.portalName ? (
            <Typography variant="caption" color="text.secondary" component="p" noWrap>
              {t('nav.portal', { name: user.scope.portalName })}
            </Typography>
          ) : null}
        </Box>
      </Box>
      <Divider />
      <Box component="nav" aria-label={t('nav.mainMenu')} sx={{ flex: 1, overflowY: 'auto' }}>
        {/* Each entry is a list item (ul > li > a): screen readers announce the menu as a list of n links. */}
        <List dense={false}>
          <ListItem disablePadding>
            <ListItemButton
              component={Link}
              to="/"
              selected={location.pathname === '/'}
              aria-current={location.pathname === '/' ? 'page' : undefined}
              onClick={onNavigate}
            >
              <ListItemIcon>
                <HomeIcon />
              </ListItemIcon>
              <ListItemText primary={t('nav.home')} />
            </ListItemButton>
          </ListItem>
          {entries.map((entry) => (
            <ListItem key={entry.key} disablePadding>
              <ListItemButton
                component={Link}
                to={entry.route}
                state={{ menuClick: Date.now() } satisfies MenuNavigationState}
                selected={isActive(entry.route)}
                aria-current={isActive(entry.route) ? 'page' : undefined}
                onClick={(event: MouseEvent) => handleEntryClick(event, entry)}
                onAuxClick={(event: MouseEvent) => handleEntryClick(event, entry)}
              >
                <ListItemIcon>
                  <entry.icon />
                </ListItemIcon>
                <ListItemText primary={t(`menu.${entry.key}`)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      <List>
        <ListItem disablePadding>
          <ListItemButton onClick={onVersionInfo}>
            <ListItemIcon>
              <InfoOutlinedIcon />
            </ListItemIcon>
            <ListItemText primary={t('nav.versionInfo')} />
          </ListItemButton>
        </ListItem>
        {user.loggedInViaADFS ? null : (
          <ListItem disablePadding>
            <ListItemButton onClick={onChangePassword}>
              <ListItemIcon>
                <KeyIcon />
              </ListItemIcon>
              <ListItemText primary={t('nav.changePassword')} />
            </ListItemButton>
          </ListItem>
        )}
        <ListItem disablePadding>
          <ListItemButton onClick={onLogout} disabled={loggingOut}>
            <ListItemIcon>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={loggingOut ? t('logout.running') : t('nav.logout')} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
