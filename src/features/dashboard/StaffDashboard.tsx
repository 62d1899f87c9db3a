import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { AuthState } from '../../state/types';
import { CustomerSections } from './CustomerSections';
import { OrdersDesk } from './orders';
import { ContactMessages } from './messages';
import { PaymentsEditor } from '../payments';
import { CategoryNamesManager, ProductsManager, PropertiesEditor, QuotasManager, UsersAndRoles } from './shop';

// The door's check-in (and its camera decoder) loads only when its tab is opened.
const CheckinPanel = lazy(() => import('../checkin/CheckinPanel'));
// The events' figures and attendee lists (and their chart) load only when that tab is opened.
const EventsDesk = lazy(() => import('./events/EventsDeskPanel'));
// So does the bank statement import, with its reading of statements.
const StatementImport = lazy(() => import('../payments/desk/StatementImportPanel'));
// And the taxes (docs/taxes.md#on-the-desk).
const TaxesDesk = lazy(() => import('../taxes/desk/TaxesDeskPanel'));
// And the invoices (docs/invoices.md#settings).
const InvoicesDesk = lazy(() => import('../invoices/desk/InvoicesDeskPanel'));
// And the gift cards (docs/gift-cards.md#on-the-desk).
const GiftCardsDesk = lazy(() => import('../giftcards/desk/GiftCardsDeskPanel'));
// And the vouchers (docs/vouchers.md).
const VouchersDesk = lazy(() => import('../vouchers/desk/VouchersDeskPanel'));
// And the waiting lists (docs/waiting-list.md#on-the-desk).
const WaitingListDesk = lazy(() => import('../waitinglist/desk/WaitingListDeskPanel'));

const TABS = [
  { key: 'site', label: msg`Site` },
  { key: 'payments', label: msg`Payments` },
  { key: 'taxes', label: msg`Taxes` },
  { key: 'invoices', label: msg`Invoices` },
  { key: 'products', label: msg`Products` },
  { key: 'orders', label: msg`Orders` },
  { key: 'events', label: msg`Events` },
  { key: 'statement', label: msg`Bank statement` },
  { key: 'giftcards', label: msg`Gift cards` },
  { key: 'vouchers', label: msg`Vouchers` },
  { key: 'waitinglist', label: msg`Waiting list` },
  { key: 'messages', label: msg`Messages` },
  { key: 'users', label: msg`Users` },
  { key: 'checkin', label: msg`Check-in` },
  { key: 'account', label: msg`My account` },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The staff tools, one tab each; the open tab is in the address (?tab=) so it survives a reload and can be shared. */
export default function StaffDashboard({ auth }: { auth: AuthState & { id: string } }) {
  const { i18n, t } = useLingui();
  const [params, setParams] = useSearchParams();
  const current: TabKey = TABS.find((tab) => tab.key === params.get('tab'))?.key ?? 'site';
  return (
    <Box>
      <Tabs
        value={current}
        onChange={(_event, tab: TabKey) => setParams({ tab }, { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={t`Staff tools`}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={i18n._(tab.label)}
            id={`staff-tab-${tab.key}`}
            aria-controls={`staff-panel-${tab.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`staff-panel-${current}`} aria-labelledby={`staff-tab-${current}`}>
        {current === 'site' && <PropertiesEditor />}
        {current === 'payments' && <PaymentsEditor />}
        {current === 'taxes' && (
          <Suspense fallback={null}>
            <TaxesDesk />
          </Suspense>
        )}
        {current === 'invoices' && (
          <Suspense fallback={null}>
            <InvoicesDesk />
          </Suspense>
        )}
        {current === 'products' && (
          <Stack spacing={3}>
            <ProductsManager />
            <CategoryNamesManager />
            <QuotasManager />
          </Stack>
        )}
        {current === 'orders' && <OrdersDesk />}
        {current === 'events' && (
          <Suspense fallback={null}>
            <EventsDesk uid={auth.id} />
          </Suspense>
        )}
        {current === 'statement' && (
          <Suspense fallback={null}>
            <StatementImport />
          </Suspense>
        )}
        {current === 'giftcards' && (
          <Suspense fallback={null}>
            <GiftCardsDesk />
          </Suspense>
        )}
        {current === 'vouchers' && (
          <Suspense fallback={null}>
            <VouchersDesk />
          </Suspense>
        )}
        {current === 'waitinglist' && (
          <Suspense fallback={null}>
            <WaitingListDesk />
          </Suspense>
        )}
        {current === 'messages' && <ContactMessages />}
        {current === 'users' && <UsersAndRoles selfId={auth.id} />}
        {current === 'checkin' && (
          <Suspense fallback={null}>
            <CheckinPanel uid={auth.id} />
          </Suspense>
        )}
        {current === 'account' && <CustomerSections auth={auth} />}
      </Box>
    </Box>
  );
}
