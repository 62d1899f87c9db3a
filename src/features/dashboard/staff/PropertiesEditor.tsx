import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { setValue } from '../../../firebase/database';
import { mainLanguageAtom, siteAtom } from '../../../state/atoms';
import { LANGUAGES, languageName, type ShopLanguage } from '../../../i18n/languages';
import { taglinesAtom } from '../../site';
import { FormTextField, FormTextFields, type TextFieldSpec } from '../../../lib/FormTextField';
import { useForm } from '../../../lib/useForm';
import { saveOnline } from '../saving';
import { Section } from '../Section';
import {
  launchZone,
  propertiesFields,
  translatedTagline,
  propertiesRecord,
  validateProperties,
  type PropertiesFields,
} from './propertiesForm';
import { paths } from '../../../firebase/paths';

const TEXT_FIELDS: TextFieldSpec<PropertiesFields>[] = [
  { name: 'name', label: 'Shop name', required: true },
  { name: 'tagline', label: 'Tagline', rows: 1 },
  { name: 'address', label: 'Address', rows: 1 },
  { name: 'postcode', label: 'Postcode' },
  { name: 'telephone', label: 'Telephone', type: 'tel' },
  { name: 'email', label: 'Contact email', type: 'email', required: true },
  { name: 'website', label: 'Website', type: 'url' },
  {
    name: 'calendar',
    label: 'Calendar link',
    type: 'url',
    hint: 'A web address visitors can add to their calendar (optional).',
  },
  { name: 'currency', label: 'Currency', required: true, hint: 'Three letters, such as GBP or EUR.' },
  { name: 'locale', label: 'Language and region', required: true, hint: 'Such as en-GB; used for prices and dates.' },
  {
    name: 'timezone',
    label: 'Time zone',
    hint: 'Where the shop and its events are, such as Europe/London: tickets and the launch show their times in it.',
  },
];

/** A language as staff read it (the staff tools are English): "German". */
const inEnglish = (language: string) => languageName(language, 'en');

/** The fields, with the tagline in each language besides the main one after it (docs/languages.md#organiser-content). */
function textFields(main: ShopLanguage): TextFieldSpec<PropertiesFields>[] {
  const translated = LANGUAGES.filter((language) => language !== main).map(
    (language): TextFieldSpec<PropertiesFields> => ({
      name: translatedTagline(language),
      label: `Tagline in ${inEnglish(language)}`,
      rows: 1,
      hint: `Left empty, visitors reading ${inEnglish(language)} see the ${inEnglish(main)} tagline.`,
    }),
  );
  const at = TEXT_FIELDS.findIndex((spec) => spec.name === 'tagline') + 1;
  return [...TEXT_FIELDS.slice(0, at), ...translated, ...TEXT_FIELDS.slice(at)];
}

/** Every field of `properties`; a save reaches every open client at once through their live subscription. */
export function PropertiesEditor() {
  const site = useAtomValue(siteAtom);
  const taglines = useAtomValue(taglinesAtom);
  const main = useAtomValue(mainLanguageAtom);
  const form = useForm({
    initial: propertiesFields(site, taglines),
    validate: validateProperties,
    idPrefix: 'site',
    submit: (fields) =>
      saveOnline(
        () => setValue(paths.properties, propertiesRecord(fields)),
        'The site details are live for every visitor.',
      ),
  });
  const live = propertiesFields(site, taglines);
  const changedElsewhere = JSON.stringify(live) !== JSON.stringify(form.fields) && !form.busy;

  return (
    <Section title="Site details">
      <Stack
        component="form"
        noValidate
        spacing={1.5}
        onSubmit={(event) => void form.onSubmit(event)}
        aria-label="Site details"
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
          label="Coming-soon mode (visitors see the coming-soon page until the launch)"
        />
        <FormTextField
          form={form}
          name="launch"
          idPrefix="site"
          label="Launch date and time"
          type="datetime-local"
          required
          hint={`In the shop’s time zone (${launchZone(form.fields)}).`}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormTextFields form={form} idPrefix="site" fields={textFields(main)} />
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button type="submit" variant="contained" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save site details'}
          </Button>
          {changedElsewhere && (
            <>
              <Typography variant="body2" color="textSecondary">
                The live details differ from this form.
              </Typography>
              <Button onClick={() => form.setFields(live)}>Discard my changes</Button>
            </>
          )}
        </Stack>
      </Stack>
    </Section>
  );
}
