import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue, useStore } from 'jotai';
import { Suspense, lazy, useState } from 'react';
import { Icon } from '../../lib/Icon';
import { onlineAtom } from './connectivity';
import { acceptInstallOffer, dismissInstallOffer, installOfferAtom } from './installOffer';

// Only iOS visitors who press "Install app" see it: its dialog (and MUI with it) loads then.
const IosInstructions = lazy(() => import('./IosInstructions'));

function OfflineBar() {
  const online = useAtomValue(onlineAtom);
  return (
    // Always in the page, so screen readers announce the change when the text appears.
    <div role="status">
      {!online && (
        <div className="offline-bar">
          <Icon name="cloudOff" className="offline-bar__icon" />
          {/* Its second half is not on the staff pages (pwa.css): the door and the desk have no wishlist. */}
          <p className="t-body2">
            <Trans>
              You are offline. Showing what this device saved
              <span className="offline-bar__shop">; your wishlist still works</span>.
            </Trans>
          </p>
        </div>
      )}
    </div>
  );
}

/** A quiet offer in the corner, only when installing is possible; "Not now" puts it away for good. */
function InstallAction() {
  const store = useStore();
  const offer = useAtomValue(installOfferAtom);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const [instructionsUsed, setInstructionsUsed] = useState(false);
  if (instructionsOpen && !instructionsUsed) setInstructionsUsed(true);
  if (offer.kind === 'none' && !instructionsUsed) return null;
  const install = () => {
    if (offer.kind === 'prompt') void acceptInstallOffer(store, offer.event);
    else setInstructionsOpen(true);
  };
  return (
    <>
      {offer.kind !== 'none' && (
        <div className="install-offer">
          <button type="button" className="button button--contained button--small" onClick={install}>
            <Trans>Install app</Trans>
          </button>
          <button type="button" className="button button--small" onClick={() => dismissInstallOffer(store)}>
            <Trans>Not now</Trans>
          </button>
        </div>
      )}
      {instructionsUsed && (
        <Suspense fallback={null}>
          <IosInstructions open={instructionsOpen} onClose={() => setInstructionsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The app's connection and install status, pinned to the bottom of the window over every page. */
export function PwaStatus() {
  const { t } = useLingui();
  return (
    <aside aria-label={t`Connection and install`} className="pwa-status">
      <InstallAction />
      <OfflineBar />
    </aside>
  );
}
