import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';

/**
 * Why a question to trusted code got no answer, in words: asked too often from here (the endpoint's limit), or the
 * shop could not be reached. Shared by the forms that ask a public endpoint (a gift card's balance, the waiting list).
 */
export function AskTrouble({ kind }: { kind: 'too-many' | 'unreachable' }) {
  return kind === 'too-many' ? (
    <Alert severity="warning">
      <Trans>Too many tries: please wait a while and try again.</Trans>
    </Alert>
  ) : (
    <Alert severity="info">
      <Trans>The shop could not be reached: check your connection and try again.</Trans>
    </Alert>
  );
}
