import { useAtomValue } from 'jotai';
import { taglineAtom } from './siteTranslations';

/** The shop's tagline in the reader's language where the organiser wrote one; nothing when the shop has none. */
export function Tagline({ className }: { className: string }) {
  const { text, lang } = useAtomValue(taglineAtom);
  return text ? (
    <p className={className} lang={lang}>
      {text}
    </p>
  ) : null;
}
