import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { siteAtom } from '../../../state/atoms';
import { downloadCsv, inputZone, LiveContent, Section } from '../../dashboardKit';
import { voucherTargets, type VoucherTargets } from './deskWords';
import { TagTotals } from './TagTotals';
import { VoucherCard } from './VoucherCard';
import { VOUCHER_DESK_PATHS } from './voucherData';
import { CreateVoucherDialog, EditVoucherDialog } from './VoucherDialogs';
import type { VoucherFormContext } from './voucherForm';
import {
  matchesVoucher,
  tagFilterOf,
  voucherList,
  vouchersCsv,
  vouchersFileName,
  voucherTags,
  type VoucherRow,
} from './voucherList';

/** Vouchers listed at most: a search narrows them; the file has every one found. */
const SHOWN = 50;

/**
 * The desk's vouchers (docs/vouchers.md): every voucher live with what it does, to what, its uses and what its orders
 * brought in; found by code or tag, summed per tag, created (one or many) and edited, straight in the database; those
 * found as CSV. Loaded with its tab.
 */
export default function VouchersDeskPanel() {
  const { t } = useLingui();
  return (
    <Section title={t`Vouchers`}>
      <LiveContent path={VOUCHER_DESK_PATHS.vouchers} loading={t`Loading vouchers…`}>
        {(vouchers) => (
          <LiveContent path={VOUCHER_DESK_PATHS.uses} loading={t`Loading vouchers…`}>
            {(uses) => (
              <LiveContent path={VOUCHER_DESK_PATHS.products} loading={t`Loading products…`}>
                {(products) => (
                  <LiveContent path={VOUCHER_DESK_PATHS.quotas} loading={t`Loading quotas…`}>
                    {(quotas) => <VouchersView vouchers={vouchers} uses={uses} products={products} quotas={quotas} />}
                  </LiveContent>
                )}
              </LiveContent>
            )}
          </LiveContent>
        )}
      </LiveContent>
    </Section>
  );
}

function VouchersView(raw: { vouchers: unknown; uses: unknown; products: unknown; quotas: unknown }) {
  const { t, i18n } = useLingui();
  const site = useAtomValue(siteAtom);
  const [query, setQuery] = useState('');
  const [tagChoice, setTagChoice] = useState('all');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  // The moment the list was drawn: a voucher is expired or not as of now (it is drawn again with every change).
  const [now] = useState(() => Date.now());
  const { rows, damaged } = useMemo(() => voucherList(raw.vouchers, raw.uses), [raw.vouchers, raw.uses]);
  const targets = useMemo(() => voucherTargets(raw.products, raw.quotas), [raw.products, raw.quotas]);
  const tags = voucherTags(rows);
  const filter = tagFilterOf(tagChoice);
  const found = rows.filter((row) => matchesVoucher(row, query, filter));
  // Every code there is, unreadable ones too: a new code is none of them.
  const known = new Set([...rows.map((row) => row.voucher.code), ...damaged]);
  const context = (voucher: VoucherRow['voucher'] | null): VoucherFormContext => ({
    editing: voucher,
    currency: site.currency,
    zone: inputZone(site.timezone),
    locale: i18n.locale,
    targets,
    known,
  });
  // The voucher edited as it is now: a use counted meanwhile locks what it does.
  const edited = rows.find((row) => row.voucher.code === editing)?.voucher ?? null;
  const count = rows.length;
  const shown = found.length;
  const unreadable = damaged.length;
  return (
    <Stack spacing={2}>
      <Typography data-testid="voucher-count">
        {shown === count
          ? plural(count, { one: '# voucher', other: '# vouchers' })
          : t`${shown} of ${count} vouchers found`}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={t`Find a voucher by its code or tag`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          size="small"
          label={t`Tag`}
          value={tagChoice}
          onChange={(event) => setTagChoice(event.target.value)}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 180 }}
        >
          <option value="all">{t`Every tag`}</option>
          <option value="none">{t`No tag`}</option>
          {tags.map((tag) => (
            <option key={tag} value={`tag:${tag}`}>
              {tag}
            </option>
          ))}
        </TextField>
        <Button variant="contained" onClick={() => setCreating(true)}>
          <Trans>Create voucher</Trans>
        </Button>
        <Button variant="outlined" disabled={shown === 0} onClick={() => exportVouchers(found)}>
          <Trans>Download CSV</Trans>
        </Button>
      </Stack>
      {unreadable > 0 && (
        <Alert severity="warning">
          {plural(unreadable, {
            one: '# stored voucher cannot be read and is left out: nobody can use it. Look at it in the database.',
            other:
              '# stored vouchers cannot be read and are left out: nobody can use them. Look at them in the database.',
          })}
        </Alert>
      )}
      {shown === 0 && (
        <Typography>
          {count === 0 ? <Trans>No vouchers yet.</Trans> : <Trans>No voucher has that code or tag.</Trans>}
        </Typography>
      )}
      {shown > 0 && <TagTotals rows={found} />}
      <VoucherItems rows={found.slice(0, SHOWN)} targets={targets} now={now} onEdit={setEditing} />
      {shown > SHOWN && (
        <Typography color="textSecondary">
          <Trans>
            Showing {SHOWN} of {shown}: find a voucher by its code or tag, or download them all as CSV.
          </Trans>
        </Typography>
      )}
      {creating && <CreateVoucherDialog context={context(null)} onClose={() => setCreating(false)} />}
      {edited && <EditVoucherDialog voucher={edited} context={context(edited)} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function VoucherItems({
  rows,
  targets,
  now,
  onEdit,
}: {
  rows: readonly VoucherRow[];
  targets: VoucherTargets;
  now: number;
  onEdit: (code: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Stack spacing={1.5} component="ul" aria-label={t`Vouchers`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((row) => (
        <VoucherCard
          key={row.voucher.code}
          row={row}
          targets={targets}
          now={now}
          onEdit={() => onEdit(row.voucher.code)}
        />
      ))}
    </Stack>
  );
}

/** The vouchers found as a file named for today. */
function exportVouchers(rows: readonly VoucherRow[]): void {
  downloadCsv(vouchersFileName(Date.now()), vouchersCsv(rows));
}
