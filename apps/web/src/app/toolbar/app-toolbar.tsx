import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import FilterListIcon from '@mui/icons-material/FilterList';
import MenuIcon from '@mui/icons-material/Menu';
import PrintIcon from '@mui/icons-material/Print';
import SaveIcon from '@mui/icons-material/Save';
import SortIcon from '@mui/icons-material/Sort';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MuiToolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@schutzwerk/shared/constants.ts';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ProductLogo } from '#app/layout/product-logo.tsx';
import { useAppMode } from '#lib/app-mode.ts';
import { readDebugMode } from '#lib/debug-mode.ts';
import { toolbarFilterValue, useToolbarConfig } from '#lib/toolbar-context.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { MemoryDisplay } from './memory-display.tsx';
import { ToolbarSearch } from './toolbar-search.tsx';

type ButtonProps = {
  /** Accessible name (stable: 'Zurück', 'Neu', 'Filter', …). */
  label: string;
  /** Tooltip text when it says more than the name (e.g. the sort direction). */
  tooltip?: string | undefined;
  onClick: () => void;
  icon: ReactNode;
  disabled?: boolean | undefined;
  active?: boolean;
  pressed?: boolean;
};

function ToolbarButton({ label, tooltip, onClick, icon, disabled, active, pressed }: ButtonProps) {
  const button = (
    <IconButton
      color="inherit"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      data-active={active ? 'true' : undefined}
      sx={
        active
          ? { bgcolor: 'warning.main', color: 'warning.contrastText', '&:hover': { bgcolor: 'warning.dark' } }
          : undefined
      }
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

type Props = { onMenuClick: () => void; showMenuButton: boolean };

/** The top toolbar: title with the product name, then the buttons the page switched on. */
export function AppToolbar({ onMenuClick, showMenuButton }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const config = useToolbarConfig();
  const appMode = useAppMode();
  const debug = useMemo(() => readDebugMode(search, window.localStorage), [search]);
  useDocumentTitle(config?.title);

  const back = config?.back;
  const filterActive = config?.filter ? toolbarFilterValue(config.filter) === 2 : false;

  return (
    <MuiToolbar sx={{ gap: 0.5, minHeight: { xs: 56, sm: 64 }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      {showMenuButton ? (
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('toolbar.menu')}
          onClick={onMenuClick}
          sx={{ mr: 0.5 }}
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
            {/* The page title gives way (ellipsis); the product name always stays visible. */}
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
              {config.title}
            </Box>
            <Box component="span" sx={{ opacity: 0.7, flexShrink: 0, whiteSpace: 'pre' }}>
              {` – ${PRODUCT_NAME}`}
            </Box>
          </>
        ) : (
          PRODUCT_NAME
        )}
      </Typography>
      {debug ? <MemoryDisplay /> : null}
      {config?.search ? (
        // Below 600 px the search takes a row of its own, so the title keeps room for ' – Schutzwerk'.
        <Box sx={{ order: { xs: 1, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' }, pb: { xs: 1, sm: 0 } }}>
          <ToolbarSearch
            key={pathname}
            value={config.search.value}
            onChange={config.search.onChange}
            label={config.search.label}
          />
        </Box>
      ) : null}
      {config?.filter ? (
        <ToolbarButton
          label={t('toolbar.filter')}
          tooltip={config.filter.label ?? (filterActive ? t('toolbar.filterActive') : t('toolbar.filter'))}
          icon={<FilterListIcon />}
          onClick={config.filter.onClick}
          active={filterActive}
          pressed={filterActive}
        />
      ) : null}
      {config?.sort ? (
        <ToolbarButton
          label={t('toolbar.sort')}
          tooltip={config.sort.value === 'asc' ? t('toolbar.sortAsc') : t('toolbar.sortDesc')}
          icon={<SortIcon sx={{ transform: config.sort.value === 'asc' ? 'scaleY(-1)' : undefined }} />}
          onClick={() => config.sort?.onChange(config.sort.value === 'asc' ? 'desc' : 'asc')}
          pressed={config.sort.value === 'desc'}
        />
      ) : null}
      {config?.onPrint ? (
        <ToolbarButton label={t('toolbar.print')} icon={<PrintIcon />} onClick={config.onPrint} />
      ) : null}
      {config?.onPreview ? (
        <ToolbarButton label={t('toolbar.preview')} icon={<VisibilityIcon />} onClick={config.onPreview} />
      ) : null}
      {config?.onUpload ? (
        <ToolbarButton label={t('toolbar.upload')} icon={<FileUploadIcon />} onClick={config.onUpload} />
      ) : null}
      {config?.onAdd ? (
        <ToolbarButton label={t('toolbar.add')} icon={<AddIcon />} onClick={config.onAdd} />
      ) : null}
      {config?.onSave ? (
        <ToolbarButton
          label={t('toolbar.save')}
          icon={<SaveIcon />}
          onClick={config.onSave}
          disabled={config.saveDisabled}
        />
      ) : null}
    </MuiToolbar>
  );
}
