import { Trans, useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { LANGUAGES, languageName } from '../../../i18n/languages';
import { FormTextField } from '../../../lib/FormTextField';
import type { FormState } from '../../../lib/useForm';
import { mainLanguageAtom } from '../../../state/atoms';
import { translatedField, type ProductFields } from './productForm';

/**
 * The product's title, description and type name in each language the shop speaks besides its main one
 * (docs/languages.md#organiser-content). Left empty, a text shows in the main language, marked as such. A type's
 * title and description are its group's, as in the main language; its type name is its own.
 */
export function ProductTranslationFields({
  form,
  shared,
}: {
  form: FormState<ProductFields>;
  shared: { disabled: boolean; hint: string | undefined };
}) {
  const { i18n, t } = useLingui();
  const main = useAtomValue(mainLanguageAtom);
  const field = { form, idPrefix: 'product' } as const;
  // Languages as the staff member reads them: "German" in English, "Deutsch" in German.
  const mainName = languageName(main, i18n.locale);
  return LANGUAGES.filter((language) => language !== main).map((language) => {
    const name = languageName(language, i18n.locale);
    return (
      <Stack
        key={language}
        component="fieldset"
        spacing={2}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pb: 1, pt: 1.5, m: 0, minWidth: 0 }}
      >
        <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
          <Trans>In {name}</Trans>
        </Typography>
        <Typography variant="body2" color="textSecondary">
          <Trans>
            Buyers reading {name} see these. Left empty, they see the {mainName} text, marked as such.
          </Trans>
        </Typography>
        <FormTextField
          {...field}
          name={translatedField('title', language)}
          label={t`Title in ${name}`}
          disabled={shared.disabled}
          hint={shared.hint}
        />
        <FormTextField
          {...field}
          name={translatedField('description', language)}
          label={t`Description in ${name}`}
          multiline
          minRows={2}
          disabled={shared.disabled}
          hint={shared.hint}
        />
        {form.fields.typeName.trim() !== '' && (
          <FormTextField {...field} name={translatedField('typeName', language)} label={t`Type name in ${name}`} />
        )}
      </Stack>
    );
  });
}
