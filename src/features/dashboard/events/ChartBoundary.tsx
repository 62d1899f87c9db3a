import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

/**
 * The chart's code is not kept for offline use (it is large and only staff see it: docs/performance.md), so
 * offline, or on a connection that drops, it can fail to load: that costs the chart, never the tab.
 */
export class ChartBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The sales chart could not be shown:', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const retry = () => {
      this.setState({ failed: false });
      this.props.onRetry();
    };
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        }
      >
        <Trans>
          The chart could not be loaded. It needs a connection the first time it is shown; the figures above are live.
        </Trans>
      </Alert>
    );
  }
}
