import { useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { LANGUAGES, languageName, type ShopLanguage } from '../../i18n/languages';
import { mainLanguageAtom } from '../../state/atoms';

/**
 * One fieldset per language the shop speaks besides its main one, where staff write the organiser's words again
 * (docs/languages.md#organiser-content). Languages are named as the staff member reads them: "German" in English,
 * "Deutsch" in German; `name` is the fieldset's language, `mainName` the main one's.
 */
export function OtherLanguages({
  legend,
  hint,
  children,
}: {
  legend: (name: string) => ReactNode;
  hint: (name: string, mainName: string) => ReactNode;
  children: (language: ShopLanguage, name: string) => ReactNode;
}) {
  const { i18n } = useLingui();
  const main = useAtomValue(mainLanguageAtom);
  const mainName = languageName(main, i18n.locale);
  return LANGUAGES.filter((language) => language !== main).map((language) => {
    const name = languageName(language, i18n.locale);
    return (
      <Stack
        key={language}
        component="fieldset"
        spacing={2}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pb: 1.5, pt: 1, m: 0, minWidth: 0 }}
      >
        <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
          {legend(name)}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {hint(name, mainName)}
        </Typography>
        {children(language, name)}
      </Stack>
    );
  });
}
