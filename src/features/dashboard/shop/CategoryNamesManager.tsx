import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { setValue } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { LANGUAGES, languageName, type ShopLanguage } from '../../../i18n/languages';
import { FormTextField } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import { mainLanguageAtom } from '../../../state/atoms';
import { categoryNamesAtom, MAX_CATEGORY_NAME } from '../../site';
import { EditorDialog, LiveContent, saveOnline, Section } from '../../dashboardKit';
import {
  categoryField,
  categoryNameFields,
  categoryNamesRecord,
  namedCategories,
  validateCategoryNames,
} from './categoryNamesForm';
import { productsById } from './staffCatalogue';

/** Names every category in one other language, in a dialog; closes once saved. */
function CategoryNamesEditor({
  language,
  categories,
  onClose,
}: {
  language: ShopLanguage;
  categories: readonly string[];
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  const names = useAtomValue(categoryNamesAtom)[language] ?? {};
  const name = languageName(language, i18n.locale);
  const mainName = languageName(useAtomValue(mainLanguageAtom), i18n.locale);
  const form = useForm({
    initial: categoryNameFields(categories, names),
    validate: validateCategoryNames,
    idPrefix: 'category-names',
    submit: async (fields) => {
      const problem = await saveOnline(
        () => setValue(paths.categoryNames(language), categoryNamesRecord(categories, fields)),
        t`The categories’ names in ${name} are live.`,
      );
      if (!problem) onClose();
      return problem;
    },
  });
  return (
    <EditorDialog
      id="category-names-title"
      title={t`Categories in ${name}`}
      save={t`Save names`}
      busy={form.busy}
      problem={form.problem}
      onSubmit={(event) => void form.onSubmit(event)}
      onClose={onClose}
      maxWidth="sm"
    >
      <Typography variant="body2" color="textSecondary">
        <Trans>
          Each field is labelled with the category’s name in {mainName}. Left empty, visitors reading {name} see that
          name.
        </Trans>
      </Typography>
      {categories.map((category, index) => (
        <FormTextField
          key={category}
          form={form}
          idPrefix="category-names"
          name={categoryField(index)}
          label={category}
          slotProps={{ htmlInput: { maxLength: MAX_CATEGORY_NAME } }}
        />
      ))}
    </EditorDialog>
  );
}

/** One line per category: its name in each other language, or that it has none there yet. */
function CategoryList({ categories }: { categories: readonly string[] }) {
  const { i18n } = useLingui();
  const names = useAtomValue(categoryNamesAtom);
  const main = useAtomValue(mainLanguageAtom);
  const others = LANGUAGES.filter((language) => language !== main);
  return (
    <Stack component="ul" spacing={0.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {categories.map((category) => (
        <Typography component="li" key={category}>
          {category}
          {others.map((language) => {
            const own = names[language] ?? {};
            const translated = Object.hasOwn(own, category) ? own[category] : undefined;
            const inLanguage = languageName(language, i18n.locale);
            return (
              <span key={language}>
                {' · '}
                {translated === undefined ? (
                  <Typography component="span" color="textSecondary">
                    <Trans>not yet named in {inLanguage}</Trans>
                  </Typography>
                ) : (
                  <Trans>
                    in {inLanguage}: <span lang={language}>{translated}</span>
                  </Trans>
                )}
              </span>
            );
          })}
        </Typography>
      ))}
    </Stack>
  );
}

/**
 * The categories' names in the shop's other languages (docs/languages.md#categories): a category is a name many
 * products share, so it is named once for all of them, here, rather than product by product.
 */
export function CategoryNamesManager() {
  const { i18n, t } = useLingui();
  const main = useAtomValue(mainLanguageAtom);
  const [editing, setEditing] = useState<ShopLanguage | null>(null);
  const others = LANGUAGES.filter((language) => language !== main);
  return (
    <Section title={t`Categories`}>
      <LiveContent path={paths.products} loading={t`Loading products…`}>
        {(rawProducts) => {
          const categories = namedCategories(productsById(rawProducts).values(), i18n.locale);
          if (categories.length === 0) {
            return (
              <Typography>
                <Trans>No categories yet: a product’s category appears here once it is saved.</Trans>
              </Typography>
            );
          }
          return (
            <Stack spacing={1.5}>
              <CategoryList categories={categories} />
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                {others.map((language) => {
                  const name = languageName(language, i18n.locale);
                  return (
                    <Button key={language} variant="outlined" onClick={() => setEditing(language)}>
                      <Trans>Name them in {name}</Trans>
                    </Button>
                  );
                })}
              </Stack>
              {editing && (
                <CategoryNamesEditor language={editing} categories={categories} onClose={() => setEditing(null)} />
              )}
            </Stack>
          );
        }}
      </LiveContent>
    </Section>
  );
}
