import { t } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, isLanguage } from '../i18n/languages';
import { speak } from '../i18n/catalogues';
import { notify } from '../lib/toast/notifier';
import { languageAtom } from '../state/atoms';
import type { AppStore } from '../state/store';

/**
 * Speaks the visitor's language before the app's first render, and follows their choice from then on
 * (docs/languages.md). A language whose messages cannot be fetched (offline, before the service worker had them)
 * is not switched to: the visitor is told, and the shop goes on in the language it speaks.
 */
export async function startLanguage(store: AppStore): Promise<void> {
  // A message the catalogues lack would show as its id: loud, so that tests and the console catch it.
  i18n.on('missing', ({ id, locale }) => console.error(`No ${locale} message ${id}: run npm run messages.`));
  const wanted = store.get(languageAtom);
  try {
    await speak(wanted);
  } catch (error) {
    if (wanted === DEFAULT_LANGUAGE) throw error;
    console.warn(`The ${wanted} messages could not be loaded; the shop starts in ${DEFAULT_LANGUAGE}:`, error);
    await speak(DEFAULT_LANGUAGE);
  }
  store.sub(languageAtom, () => {
    const next = store.get(languageAtom);
    if (next === i18n.locale) return;
    speak(next).catch((error: unknown) => {
      console.warn(`The ${next} messages could not be loaded:`, error);
      const spoken = i18n.locale;
      if (isLanguage(spoken)) store.set(languageAtom, spoken);
      const name = LANGUAGE_NAMES[next];
      notify({
        severity: 'warn',
        key: 'language-unavailable',
        summary: t`${name} is not available offline yet`,
        detail: t`Connect to the internet once to switch to ${name}; the shop stays in the language it speaks.`,
      });
    });
  });
}
