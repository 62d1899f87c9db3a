import { useLingui } from '@lingui/react/macro';
import type { Product } from './product';
import { languageName } from '../../i18n/languages';

/**
 * Says that the organiser's words above are in the shop's main language, for want of a translation into the
 * reader's (docs/languages.md#organiser-content); nothing when they are all in the reader's.
 */
export function UntranslatedNote({ product }: { product: Product }) {
  const { t, i18n } = useLingui();
  const shown = product.textLanguage.description ?? product.textLanguage.title;
  if (shown === undefined) return null;
  // "English", "Englisch": the language as the reader's own language names it.
  const language = languageName(shown, i18n.locale);
  return (
    <p className="t-body2 text-secondary">
      {t`The organiser has not translated this into your language yet, so it is shown in ${language}.`}
    </p>
  );
}
