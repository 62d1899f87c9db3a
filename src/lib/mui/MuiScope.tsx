import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { muiTheme } from './theme';

/**
 * The one place MUI's theme is provided. Only code that is loaded lazily (the pages and dialogs drawn with MUI,
 * the toasts, the PWA's status area) imports this module, so neither the theme nor MUI's styling runtime is on
 * the start-up path of the plain public pages (docs/styling.md). The theme's colours are the static stylesheet's
 * tokens, so what MUI draws matches the rest of the page.
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={muiTheme()}>{children}</ThemeProvider>;
}

/** `Component` drawn inside MuiScope: for lazily loaded modules whose default export is drawn with MUI. */
export function withMuiScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function InMuiScope(props: P) {
    return (
      <MuiScope>
        <Component {...props} />
      </MuiScope>
    );
  }
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a name for React's developer tools
  InMuiScope.displayName = `InMuiScope(${Component.displayName ?? Component.name})`;
  return InMuiScope;
}
