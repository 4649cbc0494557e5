import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import FilterListIcon from '@mui/icons-material/FilterList';
import MenuIcon from '@mui/icons-material/Menu';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PrintIcon from '@mui/icons-material/Print';
import SaveIcon from '@mui/icons-material/Save';
import SortIcon from '@mui/icons-material/Sort';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import MuiToolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRODUCT_NAME } from '@schutzwerk/shared/constants.ts';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ProductLogo } from '#app/layout/product-logo.tsx';
import { useAppMode } from '#lib/app-mode.ts';
import { readDebugMode } from '#lib/debug-mode.ts';
import { toolbarFilterValue, useToolbarConfig } from '#lib/toolbar-context.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { MemoryDisplay } from './memory-display.tsx';
import { PHONE_ACTION_SLOTS, splitToolbarActions, type ToolbarActionKey } from './toolbar-actions.ts';
import { ToolbarSearch } from './toolbar-search.tsx';

/** One action button of the toolbar, shown as a button or as an item of the overflow menu. */
type ToolbarAction = {
  key: ToolbarActionKey;
  /** Accessible name (stable: 'Neu', 'Filter', …). */
  label: string;
  /** Tooltip text when it says more than the name (e.g. the sort direction); the menu item shows it. */
  tooltip?: string | undefined;
  onClick: () => void;
  icon: ReactNode;
  disabled?: boolean | undefined;
  active?: boolean;
  pressed?: boolean;
};

/** Toolbar buttons are at least 48 × 48 px on phones and touch screens (40 px with a mouse). */
const TAP_TARGET = {
  p: { xs: 1.5, sm: 1 },
  '@media (pointer: coarse)': { p: 1.5 },
};

const ACTIVE = {
  bgcolor: 'warning.main',
  color: 'warning.contrastText',
  '&:hover': { bgcolor: 'warning.dark' },
};

function ToolbarButton({
  label,
  tooltip,
  onClick,
  icon,
  disabled,
  active,
  pressed,
}: Omit<ToolbarAction, 'key'>) {
  const button = (
    <IconButton
      color="inherit"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      data-active={active ? 'true' : undefined}
      sx={[TAP_TARGET, ...(active ? [ACTIVE] : [])]}
    >
      {icon}
    </IconButton>
  );
  // A disabled button gets no pointer events; the tooltip needs a wrapper to stay reachable.
  return (
    <Tooltip title={tooltip ?? label} describeChild>
      <span>{button}</span>
    </Tooltip>
  );
}

/** 'Weitere Aktionen': the actions that do not fit beside the title on a phone, in a menu. */
function OverflowMenu({ actions }: { actions: ToolbarAction[] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('toolbar.more');
  // A highlighted (active) filter inside the menu marks the button, so the state stays visible.
  const active = actions.some((action) => action.active);
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          data-active={active ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={TAP_TARGET}
        >
          <Badge variant="dot" color="warning" invisible={!active}>
            <MoreVertIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.key}
            disabled={action.disabled}
            selected={action.active}
            onClick={() => {
              setAnchor(null);
              action.onClick();
            }}
            // Long texts (the employee list's filter) wrap inside the screen.
            sx={{ minHeight: 48, whiteSpace: 'normal' }}
          >
            <ListItemIcon>{action.icon}</ListItemIcon>
            <ListItemText>{action.tooltip ?? action.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

type Props = { onMenuClick: () => void; showMenuButton: boolean };

/**
 * The top toolbar: title with the product name, then the buttons the page switched on. Phones (below
 * 600 px): the title shows the page name alone, and actions that do not fit go into 'Weitere Aktionen'.
 */
export function AppToolbar({ onMenuClick, showMenuButton }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const config = useToolbarConfig();
  const appMode = useAppMode();
  const debug = useMemo(() => readDebugMode(search, window.localStorage), [search]);
  useDocumentTitle(config?.title);

  const back = config?.back;
  const filterActive = config?.filter ? toolbarFilterValue(config.filter) === 2 : false;

  const actions: ToolbarAction[] = [];
  if (config?.filter) {
    actions.push({
      key: 'filter',
      label: t('toolbar.filter'),
      tooltip: config.filter.label ?? (filterActive ? t('toolbar.filterActive') : t('toolbar.filter')),
      icon: <FilterListIcon />,
      onClick: config.filter.onClick,
      active: filterActive,
      pressed: filterActive,
    });
  }
  if (config?.sort) {
    const sort = config.sort;
    actions.push({
      key: 'sort',
      label: t('toolbar.sort'),
      tooltip: sort.value === 'asc' ? t('toolbar.sortAsc') : t('toolbar.sortDesc'),
      icon: <SortIcon sx={{ transform: sort.value === 'asc' ? 'scaleY(-1)' : undefined }} />,
      onClick: () => sort.onChange(sort.value === 'asc' ? 'desc' : 'asc'),
      pressed: sort.value === 'desc',
    });
  }
  if (config?.onPrint) {
    actions.push({ key: 'print', label: t('toolbar.print'), icon: <PrintIcon />, onClick: config.onPrint });
  }
  if (config?.onPreview) {
    actions.push({
      key: 'preview',
      label: t('toolbar.preview'),
      icon: <VisibilityIcon />,
      onClick: config.onPreview,
    });
  }
  if (config?.onUpload) {
    actions.push({
      key: 'upload',
      label: t('toolbar.upload'),
      icon: <FileUploadIcon />,
      onClick: config.onUpload,
    });
  }
  if (config?.onAdd) {
    actions.push({ key: 'add', label: t('toolbar.add'), icon: <AddIcon />, onClick: config.onAdd });
  }
  if (config?.onSave) {
    actions.push({
      key: 'save',
      label: t('toolbar.save'),
      icon: <SaveIcon />,
      onClick: config.onSave,
      disabled: config.saveDisabled,
    });
  }
  const { inline, overflow } = splitToolbarActions(actions, phone ? PHONE_ACTION_SLOTS : null);

  return (
    <MuiToolbar sx={{ gap: 0.5, minHeight: { xs: 56, sm: 64 }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      {showMenuButton ? (
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('toolbar.menu')}
          onClick={onMenuClick}
          sx={[TAP_TARGET, { mr: 0.5 }]}
        >
          <MenuIcon />
        </IconButton>
      ) : null}
      {back ? (
        <ToolbarButton
          label={t('toolbar.back')}
          icon={<ArrowBackIcon />}
          onClick={() => (back === true ? navigate(-1) : navigate(back))}
        />
      ) : null}
      {appMode ? (
        <Box data-testid="app-mode-logo" sx={{ display: 'flex', ml: 0.5 }}>
          <ProductLogo size={28} />
        </Box>
      ) : null}
      <Typography
        variant="h1"
        data-testid="toolbar-title"
        sx={{
          fontSize: { xs: '1.05rem', sm: '1.25rem' },
          fontWeight: 500,
          // Takes the free room (basis 0): the buttons never wrap, the page title gives way first.
          flex: '1 1 0px',
          minWidth: 0,
          ml: 0.5,
          display: 'flex',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          lineHeight: { xs: '56px', sm: '64px' },
        }}
      >
        {config?.title ? (
          <>
            {/* The page title gives way (ellipsis) only after the product name: phones leave it out. */}
            <Box
              component="span"
              data-testid="toolbar-page-title"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
            >
              {config.title}
            </Box>
            {phone ? null : (
              <Box component="span" sx={{ opacity: 0.7, flexShrink: 0, whiteSpace: 'pre' }}>
                {` – ${PRODUCT_NAME}`}
              </Box>
            )}
          </>
        ) : (
          PRODUCT_NAME
        )}
      </Typography>
      {debug ? <MemoryDisplay /> : null}
      {config?.search ? (
        // Below 600 px the search takes a row of its own, so the title keeps its room.
        <Box sx={{ order: { xs: 1, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' }, pb: { xs: 1, sm: 0 } }}>
          <ToolbarSearch
            key={pathname}
            value={config.search.value}
            onChange={config.search.onChange}
            label={config.search.label}
          />
        </Box>
      ) : null}
      {inline.map(({ key, ...action }) => (
        <ToolbarButton key={key} {...action} />
      ))}
      {overflow.length > 0 ? <OverflowMenu actions={overflow} /> : null}
    </MuiToolbar>
  );
}
