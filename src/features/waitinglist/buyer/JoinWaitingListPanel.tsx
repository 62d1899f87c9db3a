import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import { AskTrouble } from '../../../lib/mui/AskTrouble';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { emailAddress } from '../../../lib/forms';
import { shopLanguage } from '../../../i18n/languages';
import { languageAtom } from '../../../state/atoms';
import { WAITING_QUANTITY_MAX } from '../model/waitingList';
import { joinWaitingList, type JoinResult } from './waitingListClient';

/** One sold-out product (or type of one) a buyer may wait for. */
export interface WaitingChoice {
  id: string;
  /** Its name as the buyer reads it: the type's, when it is one. */
  name: string;
  /** Places one order may hold of it. */
  maxPerOrder: number;
}

type View = { kind: 'idle' } | { kind: 'asking' } | JoinResult | { kind: 'unreachable' };

/**
 * "Join the waiting list" for what is sold out (docs/waiting-list.md#joining-and-leaving): an email address, how
 * many places and, for an event with several sold-out types, which; in the language the buyer reads. No account is
 * needed. Shown in the product's details; trusted code decides.
 */
export default function JoinWaitingListPanel({ choices }: { choices: readonly WaitingChoice[] }) {
  const { t } = useLingui();
  const language = shopLanguage(useAtomValue(languageAtom));
  const [product, setProduct] = useState(choices[0]?.id ?? '');
  const [email, setEmail] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [touched, setTouched] = useState(false);
  const [view, setView] = useState<View>({ kind: 'idle' });
  const chosen = choices.find((choice) => choice.id === product) ?? choices[0];
  if (!chosen) return null;
  const most = Math.min(WAITING_QUANTITY_MAX, chosen.maxPerOrder);
  const invalidEmail = touched ? (emailAddress(email) ?? null) : null;
  const asking = view.kind === 'asking';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (asking || emailAddress(email)) return;
    setView({ kind: 'asking' });
    joinWaitingList({ product: chosen.id, email: email.trim(), quantity: Math.min(quantity, most), language }).then(
      setView,
      () => setView({ kind: 'unreachable' }),
    );
  };
  if (view.kind === 'joined') {
    const { position } = view;
    const { name } = chosen;
    return (
      <Alert severity="success" role="status">
        <Trans>
          You are number {position} on the waiting list for {name}. We have sent you an email; if places come back, we
          will offer them to you there, in turn.
        </Trans>
      </Alert>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="waiting-list-title"
      sx={{ p: 2 }}
    >
      <Stack spacing={2}>
        <Typography id="waiting-list-title" variant="h6" component="h3" sx={{ fontWeight: 600 }}>
          <Trans>Join the waiting list</Trans>
        </Typography>
        <Typography variant="body2">
          <Trans>
            Sold out for now. If places come back, the people waiting are offered them first, in the order they joined,
            by email. No account needed.
          </Trans>
        </Typography>
        {choices.length > 1 && (
          <TextField
            select
            id="waiting-list-type"
            label={t`Type`}
            value={chosen.id}
            onChange={(event) => setProduct(event.target.value)}
          >
            {choices.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          id="waiting-list-email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched(true)}
          error={invalidEmail !== null}
          helperText={invalidEmail ?? ' '}
          required
        />
        <TextField
          select
          id="waiting-list-places"
          label={t`Places`}
          value={Math.min(quantity, most)}
          onChange={(event) => setQuantity(Number(event.target.value))}
        >
          {Array.from({ length: most }, (_, index) => index + 1).map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <div>
          <Button type="submit" variant="outlined" disabled={asking}>
            {asking ? <Trans>Joining…</Trans> : <Trans>Join the waiting list</Trans>}
          </Button>
        </div>
        <div aria-live="polite">
          <Refusal view={view} most={most} />
        </div>
      </Stack>
    </Paper>
  );
}

function Refusal({ view, most }: { view: View; most: number }) {
  switch (view.kind) {
    case 'idle':
    case 'asking':
    case 'joined':
      return null;
    case 'refused':
      return (
        <Alert severity="info">
          {view.reason === 'closed' ? (
            <Trans>The organiser has closed the waiting list.</Trans>
          ) : view.reason === 'on-sale' ? (
            <Trans>Places are on sale again: add them to your wishlist.</Trans>
          ) : view.reason === 'too-many' ? (
            <Trans>At most {most} places per order.</Trans>
          ) : (
            <Trans>This is not on sale.</Trans>
          )}
        </Alert>
      );
    case 'invalid':
      return (
        <Alert severity="warning">
          <Trans>Please check your email address.</Trans>
        </Alert>
      );
    case 'too-many':
    case 'unreachable':
      return <AskTrouble kind={view.kind} />;
  }
}
