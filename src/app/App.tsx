import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { ToastHost } from '../lib/toast/ToastHost';
import { appStore } from '../state/appStore';
import { AppRoutes } from './router';
import { theme } from './theme';

/** The root view (spec §2): the area where pages appear, and the toast area. */
export function App() {
  return (
    <StrictMode>
      <JotaiProvider store={appStore}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <ToastHost />
        </ThemeProvider>
      </JotaiProvider>
    </StrictMode>
  );
}
