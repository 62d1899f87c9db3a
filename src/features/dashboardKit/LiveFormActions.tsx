import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * The foot of a staff form over live settings: its save button, and while the settings changed elsewhere since the
 * form was filled, a word that they differ and a way to take them instead of one's own changes.
 */
export function LiveFormActions({
  busy,
  save,
  differs,
  onDiscard,
}: {
  busy: boolean;
  /** The save button's words: "Save payments". */
  save: string;
  /** What differs, said when the live settings are not the form's ("The live settings differ from this form."); null while they agree. */
  differs: string | null;
  onDiscard: () => void;
}) {
  const { t } = useLingui();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? t`Saving…` : save}
      </Button>
      {differs !== null && (
        <>
          <Typography variant="body2" color="textSecondary">
            {differs}
          </Typography>
          <Button onClick={onDiscard}>
            <Trans>Discard my changes</Trans>
          </Button>
        </>
      )}
    </Stack>
  );
}
