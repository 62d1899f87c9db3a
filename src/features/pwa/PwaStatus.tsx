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
          <p className="t-body2">
            You are offline. Showing what this device saved
            {/* Not on the staff pages (pwa.css): the door and the desk have no wishlist. */}
            <span className="offline-bar__shop">; your wishlist still works</span>.
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
            Install app
          </button>
          <button type="button" className="button button--small" onClick={() => dismissInstallOffer(store)}>
            Not now
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
  return (
    <aside aria-label="Connection and install" className="pwa-status">
      <InstallAction />
      <OfflineBar />
    </aside>
  );
}
