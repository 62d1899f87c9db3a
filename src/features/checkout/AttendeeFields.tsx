import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OutlinedField } from '../../lib/FormTextField';
import type { AttendeeNames } from '../orders';
import { HOLDER_NAME_LIMIT } from '../tickets';
import { attendeeFieldId, type NamedLine } from './attendees';

interface AttendeeFieldsProps {
  lines: readonly NamedLine[];
  /** As the buyer sees them (attendees.ts). */
  names: AttendeeNames;
  errors: Record<string, (string | undefined)[]>;
  onChange: (productId: string, n: number, name: string) => void;
}

/** One name field per ticket, grouped by event: who each ticket is for, printed on it and read at the door. */
export function AttendeeFields({ lines, names, errors, onChange }: AttendeeFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      {lines.map(({ productId, title, quantity }) => {
        // The organiser's title as an element, never a string inside a message (docs/languages.md).
        const event = <>{title}</>;
        return (
          <Box component="fieldset" key={productId} sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
            <Box component="legend" sx={{ p: 0, mb: 1 }}>
              <Typography component="span" sx={{ fontWeight: 600, fontSize: '1.125rem' }}>
                <Trans>Who is each ticket for? {event}</Trans>
              </Typography>
            </Box>
            <Typography color="textSecondary" variant="body2" sx={{ mb: 2 }}>
              <Trans>
                The name is printed on the ticket and checked at the door. You can correct it from your order page until
                the event starts.
              </Trans>
            </Typography>
            <Stack spacing={2}>
              {Array.from({ length: quantity }, (_, n) => {
                const id = attendeeFieldId(productId, n);
                const error = errors[productId]?.[n];
                const number = n + 1;
                return (
                  <OutlinedField
                    key={id}
                    id={id}
                    label={quantity === 1 ? t`Ticket holder` : t`Ticket ${number} of ${quantity}`}
                    required
                    error={Boolean(error)}
                    helper={{
                      id: `${id}-helper-text`,
                      text: error ?? (n === 0 ? t`Your name, unless you change it.` : ''),
                    }}
                  >
                    <input
                      id={id}
                      className="field__input"
                      placeholder=" "
                      required
                      autoComplete={n === 0 ? 'name' : 'off'}
                      maxLength={HOLDER_NAME_LIMIT}
                      value={names[productId]?.[n] ?? ''}
                      onChange={(event) => onChange(productId, n, event.target.value)}
                      aria-invalid={Boolean(error)}
                      aria-describedby={`${id}-helper-text`}
                    />
                  </OutlinedField>
                );
              })}
            </Stack>
          </Box>
        );
      })}
    </>
  );
}
