/**
 * The language trusted code writes an order's texts in (docs/languages.md#texts-that-trusted-code-speaks): the one
 * the order recorded at checkout, or, for an order from before languages, the shop's main language. Each language
 * has an i18n instance of its own over its compiled catalogue, so two orders in two languages can be written side
 * by side without switching a shared one.
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, type ShopLanguage } from '../../../src/i18n/languages';
import { messages as german } from './catalogues/de-DE';
import { messages as english } from './catalogues/en-GB';

const CATALOGUES: Readonly<Record<ShopLanguage, Messages>> = { 'en-GB': english, 'de-DE': german };

const speakers = new Map<ShopLanguage, I18n>();

export function orderI18n(language: ShopLanguage | null): I18n {
  const chosen = language ?? DEFAULT_LANGUAGE;
  let speaker = speakers.get(chosen);
  if (!speaker) {
    speaker = setupI18n({
      locale: chosen,
      messages: { [chosen]: CATALOGUES[chosen] },
      // A text not in the catalogue is a build fault, never a text to mail: it fails the email, which staff see.
      missing: (locale, id) => {
        throw new Error(`Trusted code has no ${locale} text for ${id}`);
      },
    });
    speakers.set(chosen, speaker);
  }
  return speaker;
}

/** A declared text (a descriptor marked for extraction) with its values, in the language of `i18n`. */
export function say(i18n: I18n, text: MessageDescriptor, values?: Record<string, unknown>): string {
  return i18n._(text.id, values, { message: text.message });
}
