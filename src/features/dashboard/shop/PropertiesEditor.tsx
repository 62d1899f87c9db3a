import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useAtomValue } from 'jotai';
import { setValue } from '../../../firebase/database';
import { mainLanguageAtom, siteAtom } from '../../../state/atoms';
import { LANGUAGES, languageName } from '../../../i18n/languages';
import { categoryNamesAtom, taglinesAtom } from '../../site';
import { FormTextField, FormTextFields, type TextFieldSpec } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import { LiveFormActions, saveOnline, enteredTime, Section } from '../../dashboardKit';
import {
  launchZone,
  propertiesFields,
  translatedTagline,
  propertiesRecord,
  validateProperties,
  type PropertiesFields,
} from './propertiesForm';
import { paths } from '../../../firebase/paths';

/** A field as declared once here: its label and hint are descriptors, made into text in the language spoken. */
type FieldSpec = Omit<TextFieldSpec<PropertiesFields>, 'label' | 'hint'> & {
  label: MessageDescriptor;
  hint?: MessageDescriptor;
};

const TEXT_FIELDS: FieldSpec[] = [
  { name: 'name', label: msg`Shop name`, required: true },
  { name: 'tagline', label: msg`Tagline`, rows: 1 },
  { name: 'address', label: msg`Address`, rows: 1 },
  { name: 'postcode', label: msg`Postcode` },
  { name: 'telephone', label: msg`Telephone`, type: 'tel' },
  { name: 'email', label: msg`Contact email`, type: 'email', required: true },
  { name: 'website', label: msg`Website`, type: 'url' },
  {
    name: 'calendar',
    label: msg`Calendar link`,
    type: 'url',
    hint: msg`A web address visitors can add to their calendar (optional).`,
  },
  { name: 'currency', label: msg`Currency`, required: true, hint: msg`Three letters, such as GBP or EUR.` },
  {
    name: 'locale',
    label: msg`Language and region`,
    required: true,
    hint: msg`Such as en-GB; used for prices and dates.`,
  },
  {
    name: 'timezone',
    label: msg`Time zone`,
    hint: msg`Where the shop and its events are, such as Europe/London: tickets and the launch show their times in it.`,
  },
];

/**
 * The fields in the language spoken, with the tagline in each language besides the main one after it
 * (docs/languages.md#organiser-content).
 */
function textFields(i18n: I18n, taglines: TextFieldSpec<PropertiesFields>[]): TextFieldSpec<PropertiesFields>[] {
  const specs = TEXT_FIELDS.map(({ label, hint, ...spec }) => ({
    ...spec,
    label: i18n._(label),
    ...(hint ? { hint: i18n._(hint) } : {}),
  }));
  const at = specs.findIndex((spec) => spec.name === 'tagline') + 1;
  return [...specs.slice(0, at), ...taglines, ...specs.slice(at)];
}

/** Every field of `properties`; a save reaches every open client at once through their live subscription. */
export function PropertiesEditor() {
  const { i18n, t } = useLingui();
  const site = useAtomValue(siteAtom);
  const taglines = useAtomValue(taglinesAtom);
  const categoryNames = useAtomValue(categoryNamesAtom);
  const main = useAtomValue(mainLanguageAtom);
  const form = useForm({
    initial: propertiesFields(site, taglines),
    validate: validateProperties,
    idPrefix: 'site',
    submit: (fields) =>
      saveOnline(
        () => setValue(paths.properties, propertiesRecord(fields, categoryNames)),
        t`The site details are live for every visitor.`,
      ),
  });
  const live = propertiesFields(site, taglines);
  const changedElsewhere = JSON.stringify(live) !== JSON.stringify(form.fields) && !form.busy;
  // Languages as the staff member reads them: "German" in English, "Deutsch" in German.
  const mainName = languageName(main, i18n.locale);
  const translatedTaglines = LANGUAGES.filter((language) => language !== main).map(
    (language): TextFieldSpec<PropertiesFields> => {
      const name = languageName(language, i18n.locale);
      return {
        name: translatedTagline(language),
        label: t`Tagline in ${name}`,
        rows: 1,
        hint: t`Left empty, visitors reading ${name} see the ${mainName} tagline.`,
      };
    },
  );
  const zone = launchZone(form.fields);
  const when = enteredTime(form.fields.launch, zone, i18n.locale);

  return (
    <Section title={t`Site details`}>
      <Stack
        component="form"
        noValidate
        spacing={1.5}
        onSubmit={(event) => void form.onSubmit(event)}
        aria-label={t`Site details`}
      >
        {form.problem && (
          <Alert severity="error" role="alert">
            {form.problem}
          </Alert>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={form.fields.comingsoon}
              onChange={(event) => form.update('comingsoon', event.target.checked)}
            />
          }
          label={t`Coming-soon mode (visitors see the coming-soon page until the launch)`}
        />
        <FormTextField
          form={form}
          name="launch"
          idPrefix="site"
          label={t`Launch date and time`}
          type="datetime-local"
          required
          hint={when ? t`${when}, in the shop’s time zone (${zone}).` : t`In the shop’s time zone (${zone}).`}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextFields form={form} idPrefix="site" fields={textFields(i18n, translatedTaglines)} />
        <LiveFormActions
          busy={form.busy}
          save={t`Save site details`}
          differs={changedElsewhere ? t`The live details differ from this form.` : null}
          onDiscard={() => form.setFields(live)}
        />
      </Stack>
    </Section>
  );
}
