import { useEffect, useState } from 'react';
import { ChunkErrorView } from './ChunkErrorView';
import type { PageLoader, PageModule } from './pageLoader';
import { PageSkeleton } from './PageSkeleton';

type LoadState = { status: 'loading' } | { status: 'ready'; page: PageModule } | { status: 'failed'; error: unknown };

/** Renders a route's page once its chunk has arrived; a failed chunk gets a Retry instead of a blank screen. */
export function LazyPage({ loader }: { loader: PageLoader }) {
  const [state, setState] = useState<LoadState>(() => {
    const page = loader.loaded();
    return page ? { status: 'ready', page } : { status: 'loading' };
  });

  useEffect(() => {
    if (state.status !== 'loading') return;
    let current = true;
    loader.load().then(
      (page) => current && setState({ status: 'ready', page }),
      (error: unknown) => {
        console.error('A page failed to load:', error);
        if (current) setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [loader, state.status]);

  if (state.status === 'failed') return <ChunkErrorView onRetry={() => setState({ status: 'loading' })} />;
  if (state.status === 'loading') return <PageSkeleton />;
  const Page = state.page.default;
  return <Page />;
}
