import { Component, type ReactNode } from 'react';
import { PageErrorView } from './PageErrorView';

interface Props {
  children: ReactNode;
}

/** Catches an error while rendering a page, so the banner, navigation and footer stay usable. */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed while rendering:', error);
  }

  override render() {
    return this.state.failed ? <PageErrorView onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}
