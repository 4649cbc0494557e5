import { deDE } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '@schutzwerk/shared/constants.ts';

/** Theme of the product (spec shell §9): primary dark blue, secondary dark slate, warning amber. */
export const theme = createTheme(
  {
    breakpoints: { values: { ...BREAKPOINTS } },
    palette: {
      primary: { main: '#16386b', dark: '#0d2547', light: '#3f5f91', contrastText: '#ffffff' },
      secondary: { main: '#37474f', dark: '#263238', light: '#62727b', contrastText: '#ffffff' },
      warning: { main: '#ffb300', dark: '#c68400', light: '#ffe54c', contrastText: 'rgba(0, 0, 0, 0.87)' },
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
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { variant: 'outlined', size: 'small', fullWidth: true } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiDialog: { defaultProps: { fullWidth: true } },
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
