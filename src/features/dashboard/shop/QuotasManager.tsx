import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { updateValues } from '../../../firebase/database';
import { paths } from '../../../firebase/paths';
import type { Quota } from '../../catalogue';
import { LiveContent, saveQuickly, Section } from '../../dashboardKit';
import { QuotaEditor } from './QuotaEditor';
import { productsById, quotaList, quotaUsers } from './staffCatalogue';
import { formatList } from '../../../lib/format';

function QuotaRow({ quota, users, onEdit }: { quota: Quota; users: readonly string[]; onEdit: () => void }) {
  const { i18n, t } = useLingui();
  const { name, left } = quota;
  const drawnOnBy = formatList(users, i18n.locale, 'unit');
  const remove = () =>
    void saveQuickly(() => updateValues(paths.quotas, { [quota.id]: null }), t`The quota ${name} is deleted.`);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <div>
          <Typography sx={{ fontWeight: 600 }}>{quota.name}</Typography>
          <Typography variant="body2" color="textSecondary">
            {plural(left, { one: '# place left', other: '# places left' })} ·{' '}
            {users.length === 0 ? t`no product draws on it` : t`drawn on by ${drawnOnBy}, so it cannot be deleted`}
          </Typography>
        </div>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={onEdit} aria-label={t`Edit the quota ${name}`}>
            <Trans>Edit</Trans>
          </Button>
          {/* A product names the quotas it draws on, and the rules want each to exist: only an unused one goes. */}
          {users.length === 0 && (
            <Button size="small" color="error" onClick={remove} aria-label={t`Delete the quota ${name}`}>
              <Trans>Delete</Trans>
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * Shared capacity (docs/behaviour.md#editing-types-and-quotas): create quotas, rename them, set the places left, and
 * delete those no product draws on.
 */
export function QuotasManager() {
  const { t } = useLingui();
  const [editing, setEditing] = useState<Quota | 'new' | null>(null);
  return (
    <Section
      title={t`Quotas`}
      action={
        <Button variant="contained" onClick={() => setEditing('new')}>
          <Trans>New quota</Trans>
        </Button>
      }
    >
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        <Trans>
          Places that several products share, such as a venue’s seats over its ticket types; tick them in a product.
        </Trans>
      </Typography>
      <LiveContent path={paths.quotas} loading={t`Loading quotas…`}>
        {(rawQuotas) => (
          <LiveContent path={paths.products} loading={t`Loading products…`}>
            {(rawProducts) => {
              const quotas = quotaList(rawQuotas);
              const products = [...productsById(rawProducts).values()];
              return (
                <>
                  {quotas.length === 0 && (
                    <Typography>
                      <Trans>No quotas yet.</Trans>
                    </Typography>
                  )}
                  <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label={t`Quotas`}>
                    {quotas.map((quota) => (
                      <QuotaRow
                        key={quota.id}
                        quota={quota}
                        users={quotaUsers(quota.id, products)}
                        onEdit={() => setEditing(quota)}
                      />
                    ))}
                  </Stack>
                  {editing && (
                    <QuotaEditor
                      quota={editing === 'new' ? null : editing}
                      takenIds={new Set(quotas.map((quota) => quota.id))}
                      onClose={() => setEditing(null)}
                    />
                  )}
                </>
              );
            }}
          </LiveContent>
        )}
      </LiveContent>
    </Section>
  );
}
