import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FormTextField } from '../../lib/FormTextField';
import { FormShell } from './AccountForms';
import { emailAddress, validateFields } from '../../lib/forms';
import { useForm } from '../../lib/useForm';
import { FIND_ORDER_ENDPOINT, normaliseReference } from '../orders';

interface FindFields {
  email: string;
  reference: string;
}

const validate = (fields: FindFields) =>
  validateFields(fields, {
    email: emailAddress,
    reference: (value) =>
      normaliseReference(value) ? undefined : t`An order reference is eight letters and digits, such as K7M4-QXPR.`,
  });

/**
 * "Find my order": the order's link is emailed again to the address it was placed with. The answer is the same
 * whether or not such an order exists, and the link is never shown here (docs/security.md#find-my-order).
 */
async function findOrder(fields: FindFields): Promise<string | null> {
  if (!navigator.onLine) return t`You are offline: connect to the internet and try again.`;
  try {
    const response = await fetch(FIND_ORDER_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: fields.email.trim(), reference: fields.reference }),
      signal: AbortSignal.timeout(20_000),
    });
    if (response.status === 429) return t`Too many tries from here: please wait a few minutes and try again.`;
    if (!response.ok) return t`The shop could not look for your order just now: please try again in a minute.`;
    return null;
  } catch {
    return t`The shop could not be reached: check your connection and try again.`;
  }
}

export function FindOrderForm() {
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // What the person typed as an element, never a string inside a message (docs/languages.md).
  const address = <>{sentTo}</>;
  // The form opens on request: the sign-in form stays the page's one form with an Email field until then.
  const [open, setOpen] = useState(false);
  const form = useForm({
    initial: { email: '', reference: '' },
    validate,
    idPrefix: 'find-order',
    submit: async (fields) => {
      const problem = await findOrder(fields);
      if (!problem) setSentTo(fields.email.trim());
      return problem;
    },
  });
  return (
    <section className="surface page-section stack" aria-labelledby="find-order">
      <h2 id="find-order" className="t-h2">
        <Trans>Find my order</Trans>
      </h2>
      <p className="t-body1">
        <Trans>
          Bought without an account, or on another device? Give the email address you ordered with and the order’s
          reference (in your confirmation email, such as K7M4-QXPR): we email the link to your order and tickets again.
        </Trans>
      </p>
      {sentTo ? (
        <p className="notice notice--success" role="status">
          <Trans>
            If that reference is an order of {address}, we have emailed the link to it there. It can take a few minutes;
            check your spam folder too.
          </Trans>
        </p>
      ) : !open ? (
        <div>
          <button type="button" className="button button--outlined" onClick={() => setOpen(true)}>
            <Trans>Find my order</Trans>
          </button>
        </div>
      ) : (
        <FormShell form={form} label={t`Email me the link`} busyLabel={t`Sending…`}>
          <FormTextField
            form={form}
            name="email"
            idPrefix="find-order"
            label={t`Email`}
            type="email"
            autoComplete="email"
            required
          />
          <FormTextField
            form={form}
            name="reference"
            idPrefix="find-order"
            label={t`Order reference`}
            autoComplete="off"
            required
          />
        </FormShell>
      )}
    </section>
  );
}
