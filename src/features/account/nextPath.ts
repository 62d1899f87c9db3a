import { useLocation, useSearchParams } from 'react-router';
import { safeNextPath } from './accountFields';

/** Where the user was going before being sent to sign in: `?next=` or the router state's `from`. */
export function useNextPath(): string {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  return safeNextPath(params.get('next') ?? from);
}

/** The login URL that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
