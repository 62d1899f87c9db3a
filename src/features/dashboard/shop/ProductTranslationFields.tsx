import { Trans, useLingui } from '@lingui/react/macro';
import { FormTextField } from '../../../lib/FormTextField';
import type { FormState } from '../../../lib/useForm';
import { OtherLanguages } from '../../dashboardKit';
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
  const { t } = useLingui();
  const field = { form, idPrefix: 'product' } as const;
  return (
    <OtherLanguages
      legend={(name) => <Trans>In {name}</Trans>}
      hint={(name, mainName) => (
        <Trans>
          Buyers reading {name} see these. Left empty, they see the {mainName} text, marked as such.
        </Trans>
      )}
    >
      {(language, name) => (
        <>
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
        </>
      )}
    </OtherLanguages>
  );
}
