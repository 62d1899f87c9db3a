import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CodeEntry } from '../../../lib/mui/CodeEntry';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { formatMoment } from '../../../lib/format';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { siteAtom } from '../../../state/atoms';
import { fetchGiftCardBalance, type GiftCardBalanceResult } from '../balance';
import { normaliseGiftCardCode } from '../model';

/** A card the buyer entered at checkout, as its balance was read: the allocator reads it again as it decides. */
export interface AppliedGiftCard {
  /** In its stored form, as the order's request carries it. */
  code: string;
  /** As people read it. */
  display: string;
  balance: number;
}

/** Why a card that was found cannot pay this order, in words; null when it can. */
function useUnusable(): (card: Extract<GiftCardBalanceResult, { kind: 'found' }>, currency: string) => string | null {
  const { t, i18n } = useLingui();
  const { timezone } = useAtomValue(siteAtom);
  return (card, currency) => {
    if (card.expired) {
      const on = card.expires === null ? '' : formatMoment(card.expires, i18n.locale, timezone, 'deadline');
      return t`That gift card expired on ${on}.`;
    }
    if (card.currency !== currency) {
      const theirs = card.currency;
      return t`That gift card is in ${theirs}, and this shop’s orders are in ${currency}.`;
    }
    return card.balance === 0 ? t`Nothing is left on that gift card.` : null;
  };
}

/**
 * Paying with a gift card at checkout (docs/gift-cards.md#paying-with-one): the buyer enters a code, the shop tells
 * what is left on it (the balance endpoint, limited like the balance page), and the card pays what it can of the
 * order; the rest is paid as the buyer chooses below. `total` and what the card pays are in minor units.
 */
export function GiftCardAtCheckout({
  total,
  currency,
  applied,
  onChange,
  disabled,
}: {
  total: number;
  currency: string;
  applied: AppliedGiftCard | null;
  onChange: (card: AppliedGiftCard | null) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useLingui();
  const unusable = useUnusable();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, currency), currency, i18n.locale);

  async function apply() {
    if (asking) return;
    if (normaliseGiftCardCode(code) === null) {
      setProblem(t`A gift card code has sixteen letters and digits, such as K7M4-QXPR-2D9F-TB3W.`);
      return;
    }
    setAsking(true);
    setProblem(null);
    let answer: GiftCardBalanceResult;
    try {
      answer = await fetchGiftCardBalance(code);
    } catch {
      setProblem(t`The shop could not be reached: check your connection and try again.`);
      return;
    } finally {
      setAsking(false);
    }
    switch (answer.kind) {
      case 'invalid':
        setProblem(t`A gift card code has sixteen letters and digits, such as K7M4-QXPR-2D9F-TB3W.`);
        return;
      case 'not-found':
        setProblem(t`No gift card has this code. Check it against the card or the email.`);
        return;
      case 'too-many':
        setProblem(t`Too many tries: please wait a while and try again.`);
        return;
      case 'found': {
        const why = unusable(answer, currency);
        if (why) {
          setProblem(why);
          return;
        }
        onChange({ code: normaliseGiftCardCode(code)!, display: answer.code, balance: answer.balance });
        setCode('');
        setOpen(false);
      }
    }
  }

  if (applied) {
    const pays = money(Math.min(applied.balance, total));
    const stays = money(Math.max(applied.balance - total, 0));
    const card = <span style={{ whiteSpace: 'nowrap' }}>{applied.display}</span>;
    return (
      <Alert
        severity="success"
        sx={{ my: 2 }}
        data-testid="gift-card-applied"
        action={
          <Button color="inherit" size="small" disabled={disabled} onClick={() => onChange(null)}>
            <Trans>Remove</Trans>
          </Button>
        }
      >
        <Trans>
          Gift card {card} pays {pays} of this order; {stays} stays on it.
        </Trans>
      </Alert>
    );
  }
  if (!open) {
    return (
      <Box sx={{ my: 2 }}>
        <Button variant="text" disabled={disabled} onClick={() => setOpen(true)}>
          <Trans>Pay with a gift card</Trans>
        </Button>
      </Box>
    );
  }
  return (
    <CodeEntry
      id="checkout-gift-card"
      label={t`Gift card code`}
      value={code}
      onChange={(typed) => {
        setCode(typed);
        setProblem(null);
      }}
      onApply={() => void apply()}
      onCancel={() => {
        setOpen(false);
        setProblem(null);
      }}
      problem={problem}
      hint={t`Spaces, dashes and capitals do not matter.`}
      asking={asking}
      disabled={disabled}
      apply={t`Use card`}
      checking={t`Checking the gift card…`}
    />
  );
}
