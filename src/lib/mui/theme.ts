import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';

const options: ThemeOptions = {
  cssVariables: true,
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#3730a3' },
        secondary: { main: '#9d174d' },
        // MUI's default orange and green text fall short of 4.5:1 on white; these darker ones pass.
        warning: { main: '#b45309' },
        success: { main: '#15803d' },
        background: { default: '#f8f7fc', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#a5b4fc' },
        secondary: { main: '#f9a8d4' },
        background: { default: '#111018', paper: '#1c1b26' },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: 'clamp(2rem, 1.6rem + 2vw, 3rem)', fontWeight: 700 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // One focus style in the whole app: the stylesheet's ring (base.css), not a ripple that only tints the button.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: 'var(--focus-ring)', outlineOffset: '2px' } },
      },
    },
    MuiButton: { defaultProps: { disableFocusRipple: true } },
    // A dialog is a surface like the plain ones: no lighter overlay in the dark scheme, and its title weighs what
    // a card's title does (the stylesheet's .t-h2, 600).
    MuiDialog: { styleOverrides: { paper: { backgroundImage: 'none' } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
    // A chip's label wraps rather than run out of a narrow card (a ticket's state in German, "Checked in" with its
    // time at 320 px); one line keeps the chip's usual height.
    MuiChip: {
      styleOverrides: {
        root: ({ ownerState }) => ({
          height: 'auto',
          minHeight: ownerState.size === 'small' ? 24 : 32,
          maxWidth: '100%',
        }),
        label: { whiteSpace: 'normal', paddingTop: 4, paddingBottom: 4 },
      },
    },
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
    // The tab strip clips what is drawn outside it: the ring goes inside the tab.
    MuiTab: {
      defaultProps: { disableFocusRipple: true },
      styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: '-3px' } } },
    },
  },
};

let theme: Theme | undefined;

/**
 * Light and dark schemes switch with prefers-color-scheme through CSS variables, so the right colours are
 * there at first paint with no script. Colours are chosen for WCAG AA contrast against their backgrounds.
 * src/styles/tokens.css declares the same variables for the pages drawn without MUI (docs/styling.md): a change
 * here goes there too, which tests/unit/designTokens.test.ts checks. The focus ring and the page's baseline are
 * the stylesheet's as well (there is no CssBaseline).
 *
 * Made when MuiScope first draws, not when the module is evaluated: with both schemes and CSS variables it takes
 * 40-100 ms on a mid-tier phone, which otherwise lengthens the one long task that evaluates a page's chunk
 * (docs/performance.md#a-constant-phone).
 */
export function muiTheme(): Theme {
  theme ??= createTheme(options);
  return theme;
}
