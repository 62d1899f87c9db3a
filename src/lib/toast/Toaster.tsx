import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Slide, { type SlideProps } from '@mui/material/Slide';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import {
  SnackbarContent,
  SnackbarProvider,
  closeSnackbar,
  enqueueSnackbar,
  type CustomContentProps,
  type TransitionProps,
} from 'notistack';
import { forwardRef, useEffect, type ReactElement } from 'react';
import { MuiScope } from '../mui/MuiScope';
import {
  TOAST_HIDE,
  TOAST_MAX_ON_SCREEN,
  TOAST_OFFSET_PX,
  TOAST_PHONE,
  TOAST_POSITION,
  TOAST_SHOW,
  TOAST_WIDTH,
} from './constants';
import { notifier } from './notifier';
import type { Toast, ToastSeverity } from './types';

declare module 'notistack' {
  interface VariantOverrides {
    toast: { toast: Toast };
  }
}

const ALERT_SEVERITY: Record<ToastSeverity, 'info' | 'warning' | 'error' | 'success'> = {
  info: 'info',
  warn: 'warning',
  error: 'error',
  success: 'success',
};

type ToastContentProps = CustomContentProps & { toast: Toast };

const ToastContent = forwardRef<HTMLDivElement, ToastContentProps>(function ToastContent({ toast }, ref) {
  const { t } = useLingui();
  // Errors and warnings interrupt a screen reader; confirmations wait their turn.
  const urgent = toast.severity === 'error' || toast.severity === 'warn';
  return (
    <SnackbarContent ref={ref}>
      <Alert
        role={urgent ? 'alert' : 'status'}
        data-toast-severity={toast.severity}
        severity={ALERT_SEVERITY[toast.severity]}
        icon={toast.icon}
        elevation={6}
        sx={{ width: TOAST_WIDTH, maxWidth: `calc(100vw - ${TOAST_OFFSET_PX * 2}px)` }}
        action={
          <>
            {toast.action && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  toast.action?.onClick();
                  closeSnackbar(toast.id);
                }}
              >
                {toast.action.label}
              </Button>
            )}
            {toast.closable && (
              <IconButton aria-label={t`Close`} color="inherit" size="small" onClick={() => closeSnackbar(toast.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </>
        }
      >
        <AlertTitle sx={{ mb: toast.detail ? 0.5 : 0 }}>{toast.summary}</AlertTitle>
        {toast.detail}
      </Alert>
    </SnackbarContent>
  );
});

/** Slides in from the right (docs/behaviour.md#toasts): ease-out on the way in, ease-in on the way out. */
function ToastTransition(props: TransitionProps & { children: ReactElement }) {
  // notistack's transition props are react-transition-group's, which MUI's Slide accepts.
  const slideProps = props as unknown as SlideProps;
  return <Slide {...slideProps} direction="left" easing={{ enter: TOAST_SHOW.easing, exit: TOAST_HIDE.easing }} />;
}

function showToast(toast: Toast): void {
  enqueueSnackbar({
    variant: 'toast',
    toast,
    key: toast.id,
    persist: toast.sticky,
    autoHideDuration: toast.sticky ? null : toast.life,
    onExited: () => notifier.closed(toast.id),
  });
}

/**
 * notistack keeps 16px beside the edge on narrow screens; ours is 20px everywhere, and on a phone the toasts start
 * below the banner (docs/behaviour.md#toasts).
 */
const offsetStyles = (
  <GlobalStyles
    styles={{
      [`@media ${TOAST_PHONE.media}`]: {
        '.notistack-SnackbarContainer.notistack-SnackbarContainer': {
          top: `calc(var(--app-bar-height) + ${TOAST_PHONE.gapBelowBannerPx}px)`,
          right: TOAST_OFFSET_PX,
          maxWidth: `calc(100% - ${TOAST_OFFSET_PX * 2}px)`,
        },
      },
    }}
  />
);

/**
 * The toast area: top-right, with the timings of docs/behaviour.md#toasts; shows what the app-wide notifier
 * sends. Loaded after first paint (see ToastHost): messages sent earlier wait in the notifier.
 */
export default function Toaster() {
  useEffect(() => notifier.attach({ show: showToast, dismiss: (id) => closeSnackbar(id) }), []);
  const phone = useMediaQuery(TOAST_PHONE.media);
  return (
    <MuiScope>
      <SnackbarProvider
        anchorOrigin={TOAST_POSITION}
        maxSnack={phone ? TOAST_PHONE.maxOnScreen : TOAST_MAX_ON_SCREEN}
        Components={{ toast: ToastContent }}
        TransitionComponent={ToastTransition}
        transitionDuration={{ enter: TOAST_SHOW.durationMs, exit: TOAST_HIDE.durationMs }}
      >
        {offsetStyles}
      </SnackbarProvider>
    </MuiScope>
  );
}
