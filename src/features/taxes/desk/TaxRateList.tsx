import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { updateValues } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import { saveQuickly } from '../../dashboardKit';
import { isZeroKind, type TaxRateSetting, type TaxSettings } from '../model';
import { kindName, rateLabel } from './rateWords';
import { percentText } from './taxForm';

/** Asks before a rate goes, saying what becomes of the products that name it. */
function RemoveRateDialog({
  rate,
  named,
  settings,
  onClose,
}: {
  rate: TaxRateSetting;
  named: number;
  settings: TaxSettings;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { name } = rate;
  const fallback = settings.rates.find((each) => each.id === settings.defaultRate && each.id !== rate.id);
  const fallbackName = fallback ? rateLabel(fallback) : '';
  const remove = async () => {
    const removed = await saveQuickly(
      // A default removed while tax is off goes with its rate; while on, the list does not offer to remove it.
      () =>
        updateValues(paths.taxSettings, {
          [`rates/${rate.id}`]: null,
          ...(settings.defaultRate === rate.id ? { defaultRate: null } : {}),
        }),
      t`The rate ${name} is removed. Orders placed with it keep it.`,
    );
    if (removed) onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="remove-tax-rate-title" maxWidth="xs">
      <DialogTitle id="remove-tax-rate-title">{t`Remove the rate ${name}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {named === 0
            ? t`No product or ticket type names it. Orders placed with it keep it.`
            : fallback
              ? plural(named, {
                  one: `# product or ticket type names it: it will be taxed at ${fallbackName} from now on. Orders placed with it keep it.`,
                  other: `# products and ticket types name it: they will be taxed at ${fallbackName} from now on. Orders placed with it keep it.`,
                })
              : plural(named, {
                  one: `# product or ticket type names it: it will be taxed at the default rate, once you choose one. Orders placed with it keep it.`,
                  other: `# products and ticket types name it: they will be taxed at the default rate, once you choose one. Orders placed with it keep it.`,
                })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color="error" variant="contained" onClick={() => void remove()}>
          <Trans>Remove rate</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The shop's rates, each with its kind, size, reason and how many products name it; edited and removed here. */
export function TaxRateList({
  settings,
  namedBy,
  onEdit,
}: {
  settings: TaxSettings;
  /** How many products and types name each rate, by id. */
  namedBy: ReadonlyMap<string, number>;
  onEdit: (rate: TaxRateSetting) => void;
}) {
  const { t } = useLingui();
  const [removing, setRemoving] = useState<TaxRateSetting | null>(null);
  if (settings.rates.length === 0) {
    return (
      <Typography>
        <Trans>No rates yet. Add the rates the shop sells at, such as Standard at 20 %.</Trans>
      </Typography>
    );
  }
  return (
    <>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t`Tax rates`}>
        {settings.rates.map((rate) => {
          const { name } = rate;
          const named = namedBy.get(rate.id) ?? 0;
          const isDefault = settings.defaultRate === rate.id;
          const percent = percentText(rate.basisPoints);
          const facts = [
            kindName(rate.kind),
            ...(isZeroKind(rate.kind) ? [] : [t`${percent} %`]),
            ...(rate.reason ? [rate.reason] : []),
            named === 0
              ? t`named by no product`
              : plural(named, { one: 'named by # product or type', other: 'named by # products and types' }),
          ];
          return (
            <Paper component="li" key={rate.id} variant="outlined" sx={{ p: 1.5 }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
              >
                <div>
                  <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    {facts.join(' · ')}
                  </Typography>
                </div>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  {isDefault && <Chip size="small" label={t`Default`} />}
                  <Button size="small" onClick={() => onEdit(rate)} aria-label={t`Edit ${name}`}>
                    <Trans>Edit</Trans>
                  </Button>
                  {/* The default of a shop that charges tax stays: the rules want it, and products fall back to it. */}
                  {!(isDefault && settings.on) && (
                    <Button size="small" color="error" onClick={() => setRemoving(rate)} aria-label={t`Remove ${name}`}>
                      <Trans>Remove</Trans>
                    </Button>
                  )}
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {removing && (
        <RemoveRateDialog
          rate={removing}
          named={namedBy.get(removing.id) ?? 0}
          settings={settings}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );
}
