import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The shop's languages and where their messages live (docs/languages.md). `npm run messages` extracts every
 * message of src/ into the catalogues; lint fails when they are out of date.
 */
/**
 * The code a first visit to a plain public page runs: its messages come before the first render. Everything else's
 * ("more") come with the pages drawn with MUI, which load them with their code (src/app/routing/pages.ts).
 */
const START = [
  'src/app/**',
  'src/i18n/**',
  'src/lib/!(mui)/**',
  'src/lib/*',
  'src/state/**',
  // Not what live paths say when they cannot be read: only MUI pages follow them.
  'src/firebase/!(liveValue).ts',
  'src/ssr/**',
  'src/features/site/**',
  'src/features/contact/**',
  'src/features/pwa/**',
  // The product dialog (MUI) loads after the page, and the rest of the messages with it (CatalogueView.tsx), as does
  // its note on texts the organiser has not translated.
  'src/features/catalogue/!(ProductDialog|UntranslatedNote).*',
  'src/features/wishlist/@(addToWishlist|appWishlist|wishlist|review).ts',
  'src/pages/@(Home|Products|About|Contact|ComingSoon)Page.tsx',
];

/**
 * The staff tools' code, the dashboard's rooms and payments' staff screens: its messages come with it
 * (src/features/dashboard/Dashboard.tsx); customers never load them.
 */
const STAFF = [
  'src/features/dashboard/StaffDashboard.tsx',
  'src/features/dashboard/@(orders|events|messages|shop)/**',
  'src/features/payments/desk/**',
  'src/features/giftcards/desk/**',
  'src/features/vouchers/desk/**',
  'src/features/waitinglist/desk/**',
  'src/features/taxes/desk/**',
  'src/features/invoices/desk/**',
];

export default defineConfig({
  sourceLocale: 'en-GB',
  locales: ['en-GB', 'de-DE', 'en-XA'],
  // en-XA is the pseudo-language: accented and longer, made from the English by scripts/pseudoLocale.ts (not by
  // Lingui's own, which only accents), so a page in it shows text not translated and text a longer language clips.
  fallbackLocales: { 'en-XA': 'en-GB', default: 'en-GB' },
  catalogs: [
    { path: '<rootDir>/src/locales/start/{locale}', include: START },
    {
      path: '<rootDir>/src/locales/more/{locale}',
      include: ['src'],
      exclude: [...START, ...STAFF],
    },
    { path: '<rootDir>/src/locales/staff/{locale}', include: STAFF },
    // What trusted code says (emails): compiled into modules it imports (scripts/trustedMessages.ts). The shared
    // modules' texts are in the app's parts as well, so the desk's preview of a message reads as the email does.
    {
      path: '<rootDir>/functions/src/language/catalogues/{locale}',
      include: [
        'functions/src',
        'src/features/orders',
        'src/features/payments/model',
        'src/features/tickets/@(ticket|ticketCode|ics).ts',
      ],
    },
  ],
  // Without line numbers or a creation time: a catalogue changes when a message does, not when code moves.
  format: formatter({ lineNumbers: false, customHeaderAttributes: { 'POT-Creation-Date': '' } }),
  orderBy: 'message',
});
