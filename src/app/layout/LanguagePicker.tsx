import { useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { LANGUAGES, LANGUAGE_NAMES, PSEUDO_LANGUAGE, isLanguage, type Language } from '../../i18n/languages';
import { languageAtom } from '../../state/atoms';

/**
 * The shop's languages, each named in itself; the choice is remembered on this device (docs/languages.md). A
 * native select: it is small, and every phone shows it the way its owner knows.
 */
export function LanguagePicker() {
  const { t } = useLingui();
  const [language, setLanguage] = useAtom(languageAtom);
  // The pseudo-language is for tests: offered only to a visitor already in it, so they can leave it.
  const choices: readonly Language[] = language === PSEUDO_LANGUAGE ? [...LANGUAGES, PSEUDO_LANGUAGE] : LANGUAGES;
  return (
    <label className="language-picker">
      <span className="t-body2 text-secondary">{t`Language`}</span>
      <select
        className="language-picker__select"
        value={language}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLanguage(chosen)) setLanguage(chosen);
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice} lang={choice}>
            {LANGUAGE_NAMES[choice]}
          </option>
        ))}
      </select>
    </label>
  );
}
