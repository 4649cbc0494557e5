import { deDE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '@schutzwerk/shared/constants.ts';

/**
 * Whether the user asked their system for less motion (`prefers-reduced-motion`, WCAG 2.3.3): then the theme
 * turns MUI's transitions (dialogs fading, menus growing, panels collapsing) and the click ripples off.
 * Read once when the app loads; progress indicators keep moving (they say that something is running).
 */
function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const reducedMotion = prefersReducedMotion();

/** No transition: MUI's transition components wait for these durations, `create` writes the CSS. */
const NO_TRANSITIONS = {
  create: () => 'none',
  getAutoHeightDuration: () => 0,
  duration: {
    shortest: 0,
    shorter: 0,
    short: 0,
    standard: 0,
    complex: 0,
    enteringScreen: 0,
    leavingScreen: 0,
  },
};

/**
 * Theme of the product (spec shell §9): primary dark blue, secondary dark slate, warning amber. Text and its
 * background keep the contrast of WCAG 2.1 AA (4.5:1, BITV 2.0; the browser tests check every page with
 * axe-core): info is a darker blue than MUI's (white on it 4.8:1 instead of 3.9:1), and text drawn in the
 * "active" grey (toggle buttons) is 60 % black instead of 54 %, which fell just short on the grey page
 * background.
 */
export const theme = createTheme(
  {
    ...(reducedMotion ? { transitions: NO_TRANSITIONS } : {}),
    breakpoints: { values: { ...BREAKPOINTS } },
    palette: {
      primary: { main: '#16386b', dark: '#0d2547', light: '#3f5f91', contrastText: '#ffffff' },
      secondary: { main: '#37474f', dark: '#263238', light: '#62727b', contrastText: '#ffffff' },
      warning: { main: '#ffb300', dark: '#c68400', light: '#ffe54c', contrastText: 'rgba(0, 0, 0, 0.87)' },
      info: { main: '#0277bd', dark: '#01579b', light: '#03a9f4', contrastText: '#ffffff' },
      action: { active: 'rgba(0, 0, 0, 0.6)' },
      background: { default: '#f3f5f8', paper: '#ffffff' },
    },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: '"Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 500 },
      h2: { fontSize: '1.5rem', fontWeight: 500 },
      h3: { fontSize: '1.25rem', fontWeight: 500 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      // A visible keyboard focus on every button, link button, tab, list entry and toggle (WCAG 2.4.7):
      // a primary ring with a white gap, which stands out on white, on grey and on the blue toolbar. Inside
      // the element where a scroller or card would clip a ring outside it.
      MuiButtonBase: {
        defaultProps: { disableRipple: reducedMotion },
        styleOverrides: {
          root: ({ theme: t }) => ({
            '&.Mui-focusVisible': {
              outline: `2px solid ${t.palette.primary.main}`,
              outlineOffset: 2,
              boxShadow: `0 0 0 2px ${t.palette.common.white}`,
            },
          }),
        },
      },
      MuiListItemButton: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2, boxShadow: 'none' } } },
      },
      MuiTab: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2, boxShadow: 'none' } } },
      },
      MuiCardActionArea: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2, boxShadow: 'none' } } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { variant: 'outlined', size: 'small', fullWidth: true } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiDialog: { defaultProps: { fullWidth: true } },
      // The hint under a disabled field still says something (e.g. what to choose first): readable grey,
      // not the disabled grey (2.7:1).
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.palette.text.secondary } }),
        },
      },
    },
  },
  deDE,
);

/**
 * The theme below 600 px (phones): every dialog is full-screen (MUI's `fullScreen`), so no dialog needs
 * its own media query. A dialog whose content and buttons sit in a <form> gets the form as a flex column,
 * so the content scrolls and the buttons stay at the bottom of the screen. `Providers` switches themes.
 */
export const phoneTheme = createTheme(theme, {
  components: {
    MuiDialog: {
      defaultProps: { fullScreen: true },
      styleOverrides: {
        paper: { '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } },
      },
    },
  },
});
