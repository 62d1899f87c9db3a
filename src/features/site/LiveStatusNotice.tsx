import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { liveStatusAtom, restartLiveAtom } from '../../state/liveAtoms';

/** A quiet line shown only when live updates have given up; the page keeps showing the last known details. */
export function LiveStatusNotice() {
  const status = useAtomValue(liveStatusAtom);
  const live = useAtomValue(restartLiveAtom);
  if (status !== 'paused') return null;
  return (
    <div role="status" className="live-status-notice">
      <p className="t-body2">
        <Trans>Live updates paused. Showing the last known details.</Trans>
      </p>
      <button type="button" className="button button--small" onClick={() => live?.restart()}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
