import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney, fromMinorUnits } from '../../../lib/money';
import { useShopFormat } from '../../dashboardKit';
import {
  heldWords,
  voucherAppliesTo,
  voucherDoes,
  voucherStateWords,
  voucherWindow,
  type VoucherTargets,
} from './deskWords';
import { voucherState, type VoucherRow } from './voucherList';

/**
 * One voucher of the list: its code and where it stands, what it does and to what, the places it holds apart from
 * public sale, its uses and window, what its orders came to and were given off, its tag and comment; one column on a
 * phone, its button beside it on a desk.
 */
export function VoucherCard({
  row,
  targets,
  now,
  onEdit,
}: {
  row: VoucherRow;
  targets: VoucherTargets;
  now: number;
  onEdit: () => void;
}) {
  const { t, i18n } = useLingui();
  const format = useShopFormat();
  const { voucher } = row;
  const { code, used, uses, tag, comment, held } = voucher;
  const money = (minor: number) => formatMoney(fromMinorUnits(minor, voucher.currency), voucher.currency, i18n.locale);
  const does = voucherDoes(voucher, i18n.locale);
  const what = voucherAppliesTo(voucher, targets);
  const when = voucherWindow(voucher, format.date);
  const state = voucherState(voucher, now);
  const revenue = money(row.revenue);
  const discount = money(row.discount);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-label={code}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
              {code}
            </Typography>
            <Chip size="small" label={voucherStateWords(state)} variant={state === 'active' ? 'outlined' : 'filled'} />
            {tag !== null && <Chip size="small" variant="outlined" label={t`Tag: ${tag}`} />}
            {held !== null && held > 0 && <Chip size="small" variant="outlined" label={heldWords(held)} />}
          </Stack>
          <Typography>
            {does} · <Trans>for {what}</Trans>
          </Typography>
          <Typography>
            <Trans>
              {used} of {uses} used
            </Trans>{' '}
            · {when}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            <Trans>
              Revenue {revenue} · discount given {discount}
            </Trans>
          </Typography>
          {comment !== null && (
            <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              “{comment}”
            </Typography>
          )}
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
          <Button size="small" variant="outlined" onClick={onEdit} aria-label={t`Edit the voucher ${code}`}>
            <Trans>Edit</Trans>
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
