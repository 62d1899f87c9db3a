import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import lingui from 'eslint-plugin-lingui';
import tseslint from 'typescript-eslint';

const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders('src/features/');
/** The dashboard's rooms, one a task (docs/architecture.md#the-dashboard-in-rooms); the shell assembles them. */
const dashboardRooms = folders('src/features/dashboard/');

/**
 * The layers of src/ and what each may import (docs/architecture.md#what-each-folder-may-import). A zone forbids
 * `target` to import from `from`; imports are resolved first, so relative, dynamic and re-exported ones all count.
 */
const layers = [
  {
    target: ['./src/app', './src/pages', './src/features', './src/state', './src/lib', './src/ssr', './src/main.tsx'],
    from: ['./node_modules/firebase', './node_modules/@firebase'],
    message: 'Only src/firebase/ imports the Firebase SDK: build on its port (src/firebase/database.ts, auth.ts).',
  },
  {
    target: ['./src/firebase', './src/state'],
    from: ['./src/features', './src/pages', './src/app', './src/ssr'],
    message: 'src/firebase/ and src/state/ are below the features, pages and app: they import none of them.',
  },
  {
    target: './src/state',
    from: './src/firebase',
    message: 'src/state/ holds what the app knows, not how it is fetched: it does not import src/firebase/.',
  },
  {
    target: './src/lib',
    from: ['./src/app', './src/pages', './src/features', './src/firebase', './src/state', './src/ssr'],
    message: 'src/lib/ knows nothing of the shop: it imports nothing of the app.',
  },
  {
    target: './src/pages',
    from: ['./src/app', './src/firebase', './src/ssr'],
    message: 'Pages assemble features; the app imports them, not the other way round.',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/pages', './src/ssr'],
    message: 'Features are below the app and the pages: they import neither.',
  },
  // A feature uses another only through what that one exposes: its index.ts, or a panel it lends, loaded lazily.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: `./src/features/!(${feature})/**/*`,
    except: ['**/index.ts', '**/*Panel.tsx'],
    message: `Import another feature through its index.ts (or lazily, one of its *Panel.tsx), not its inner modules.`,
  })),
  // A room of the dashboard uses another, and the shell uses each, only through its index.ts or a lazy *Panel.tsx,
  // as features use each other.
  ...dashboardRooms.map((room) => ({
    target: `./src/features/dashboard/${room}`,
    from: `./src/features/dashboard/!(${room})/**/*`,
    except: ['**/index.ts', '**/*Panel.tsx'],
    message: 'Use another room of the dashboard through its index.ts (or lazily, one of its *Panel.tsx).',
  })),
  {
    target: './src/features/dashboard/*.@(ts|tsx)',
    from: './src/features/dashboard/*/**/*',
    except: ['**/index.ts', '**/*Panel.tsx'],
    message: 'The dashboard shell assembles its rooms through their index.ts (or lazily, one of their *Panel.tsx).',
  },
  {
    // The money model sits below the orders that embed its summary, and below every screen: it never imports one.
    target: './src/features/payments/model',
    from: ['./src/features/!(payments)/**/*', './src/features/payments/!(model)/**/*', './src/firebase/**/*'],
    message: 'The money model is pure and shared with trusted code: it imports no feature, screen or database port.',
  },
  {
    // The gift card model, like the money model, is pure and shared with trusted code (docs/gift-cards.md).
    target: './src/features/giftcards/model',
    from: ['./src/features/!(giftcards)/**/*', './src/features/giftcards/!(model)/**/*', './src/firebase/**/*'],
    message:
      'The gift card model is pure and shared with trusted code: it imports no feature, screen or database port.',
  },
  {
    // The voucher model too (docs/vouchers.md).
    target: './src/features/vouchers/model',
    from: ['./src/features/!(vouchers)/**/*', './src/features/vouchers/!(model)/**/*', './src/firebase/**/*'],
    message: 'The voucher model is pure and shared with trusted code: it imports no feature, screen or database port.',
  },
  {
    // The tax model too (docs/taxes.md).
    target: './src/features/taxes/model',
    from: ['./src/features/!(taxes)/**/*', './src/features/taxes/!(model)/**/*', './src/firebase/**/*'],
    message: 'The tax model is pure and shared with trusted code: it imports no feature, screen or database port.',
  },
  {
    // The invoices' model too (docs/invoices.md); it reads orders, their tax and the money model, pure as well.
    target: './src/features/invoices/model',
    from: [
      './src/features/!(invoices|orders|taxes|payments)/**/*',
      './src/features/invoices/!(model)/**/*',
      './src/features/taxes/!(model)/**/*',
      './src/features/payments/!(model)/**/*',
      './src/firebase/**/*',
    ],
    message: 'The invoices model is pure and shared with trusted code: it imports no screen or database port.',
  },
  {
    // The waiting list's model too (docs/waiting-list.md).
    target: './src/features/waitinglist/model',
    from: ['./src/features/!(waitinglist)/**/*', './src/features/waitinglist/!(model)/**/*', './src/firebase/**/*'],
    message:
      'The waiting list model is pure and shared with trusted code: it imports no feature, screen or database port.',
  },
  {
    // What a first visit evaluates stays free of MUI and Emotion (docs/styling.md): the public pages, and the
    // wishlist, checkout and sign-in pages as a visitor with nothing stored sees them. MUI comes with the lazily
    // loaded pages, panels and dialogs that need it.
    target: [
      './src/main.tsx',
      './src/app',
      './src/ssr',
      './src/pages/@(Home|Products|About|Contact|ComingSoon|Cart|Checkout|Login)Page.tsx',
      './src/features/@(site|contact)',
      './src/features/account/@(LoginPanel|AccountForms|FindOrderForm|SignOutButton).tsx',
      './src/features/wishlist/EmptyWishlist.tsx',
      './src/features/checkout/NothingToCheckOut.tsx',
      './src/features/catalogue/!(ProductDialog).@(ts|tsx)',
      './src/features/pwa/!(IosInstructions).@(ts|tsx)',
      './src/lib/!(mui|toast)/**',
      './src/lib/*.@(ts|tsx)',
    ],
    from: ['./node_modules/@mui', './node_modules/@emotion'],
    message: 'The start-up path of public pages draws without MUI or Emotion (docs/styling.md): use plain markup.',
  },
  {
    target: './src/i18n',
    from: ['./src/app', './src/pages', './src/features', './src/firebase', './src/state', './src/lib', './src/ssr'],
    message: 'src/i18n/ knows the languages and their messages, nothing of the shop: it imports nothing of the app.',
  },
];

/**
 * Every user-facing string goes through Lingui (docs/languages.md): in src/, text in JSX, in user-facing attributes
 * and in string literals is refused, but for what the options of the rule below let through.
 */
const TRANSLATED = ['src/**/*.{ts,tsx}'];

/**
 * The pure modules of src/ that trusted code (functions/src/) shares with the app: no browser, no SDK, no React
 * (docs/architecture.md#what-each-folder-may-import). Paths relative to src/.
 */
const SHARED_WITH_TRUSTED_CODE = [
  './features/orders',
  './features/payments/model',
  './features/giftcards/model',
  './features/vouchers/model',
  './features/waitinglist/model',
  './features/taxes/model',
  './features/invoices/model',
  './features/catalogue/product.ts',
  './features/catalogue/quota.ts',
  './features/catalogue/productTypes.ts',
  './features/tickets/ticket.ts',
  './features/tickets/ticketCode.ts',
  './features/tickets/ics.ts',
  './firebase/paths.ts',
  './i18n/languages.ts',
  './state/validation.ts',
  './state/cart.ts',
  './state/dates.ts',
  './state/types.ts',
  './state/site.ts',
  './lib/money.ts',
  './lib/crockford.ts',
  './lib/escapeHtml.ts',
  './lib/format.ts',
  './lib/typedTitle.ts',
  './ssr',
];

const importSettings = {
  // Parsed with the TypeScript parser, so the imports of the modules a file imports count too (cycles).
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'functions/lib',
      'node_modules',
      'test-results',
      'test-reports',
      'playwright-report',
      '.data',
      'dev-dist',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The database server's core defines the data model and the storage port; persistence implements that port,
    // so the core never depends on how data is stored (docs/local-database.md, "Layers").
    files: ['server/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/persistence', '**/persistence/**'],
              message: 'server/core must not import server/persistence.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // MUI v9 reads only palette keys in a component's `color` prop ("textSecondary", "warning"): a palette path such
  // as "text.secondary" is dropped without a word, and the text keeps its parent's colour (docs/styling.md). And
  // sides in sx are logical ones.
  {
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='color'] Literal[value=/\\./]",
          message: 'MUI ignores a palette path in `color`: use a palette key (textSecondary, warning) or sx.',
        },
        {
          // Nothing assumes left-to-right (docs/styling.md#right-to-left).
          selector:
            "JSXAttribute[name.name='sx'] Property[key.name=/^(pl|pr|ml|mr|left|right|paddingLeft|paddingRight|marginLeft|marginRight)$/]",
          message:
            'Use the logical side (paddingInlineStart, marginInlineEnd, insetInlineEnd…): nothing assumes left-to-right.',
        },
        {
          selector: "JSXAttribute[name.name='sx'] Property[key.name='textAlign'] Literal[value=/^(left|right)$/]",
          message: "Use textAlign 'start' or 'end': nothing assumes left-to-right.",
        },
      ],
    },
  },
  {
    files: ['functions/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './functions/src',
              from: './src',
              except: SHARED_WITH_TRUSTED_CODE,
              message: 'Trusted code shares only pure modules of src/ (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { lingui },
    rules: {
      // A message made at module level would be made once, in whatever language was spoken then.
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
      'lingui/no-expression-in-message': 'error',
    },
  },
  {
    // react-router's <Link> and <NavLink> bring its framework mode's prefetching into every first visit
    // (src/lib/Link.tsx, docs/performance.md#what-a-first-visit-loads).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Link to the app’s pages with src/lib/Link.tsx: react-router’s own bring 2 KB to every page.',
            },
          ],
        },
      ],
    },
  },
  {
    // Trusted code is built without Lingui's macros: what it shares with the app declares its texts as descriptors
    // (docs/languages.md#texts-that-trusted-code-speaks).
    files: SHARED_WITH_TRUSTED_CODE.map((path) => `src/${path.slice(2)}${path.endsWith('.ts') ? '' : '/**/*.ts'}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@lingui/*/macro', '@lingui/react'],
              message: 'Shared with trusted code, which has no macros: declare texts as /*i18n*/ descriptors.',
            },
          ],
        },
      ],
    },
  },
  {
    files: TRANSLATED,
    // Pure parsing shared with trusted code, which is built without Lingui's macros: what they say is for the
    // console (docs/languages.md).
    ignores: ['src/features/catalogue/@(product|quota|productTypes).ts'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Single words without a capital (ids, keys, CSS classes, event names), CONSTANTS, paths and tags,
          // anything without a letter (punctuation, separators, figures), and CSS sizes.
          ignore: [
            '^(?![A-Z])[^\\s]+$',
            '^[A-Z0-9_-]+$',
            '^/',
            // media queries
            '^\\(.*\\)$',
            '^[a-z]{2}(-[A-Z]{2})?$',
            '^[^A-Za-z]*$',
            // CSS computed sizes
            '^(calc|clamp)\\(',
            // CSS sizes and grid tracks: '1 1 10rem', '6rem 1fr auto'
            '^([\\d.]+[a-z%]*|auto)(\\s+([\\d.]+[a-z%]*|auto))+$',
          ],
          ignoreNames: [
            {
              // Diagnostics for the console are `problem`s, by the code's convention.
              regex: {
                // `message`: a descriptor's English, the source of its translations (docs/languages.md#texts-that-
                // trusted-code-speaks). `problems`: what was repaired or dropped, for the console.
                pattern:
                  'className|Class$|Id$|^id$|Key$|^key$|^to$|^href$|^src$|^rel$|^type$|^role$|^name$|^lang$|^page$|^path$|^message$|^problems$|^displayName$|^rootMargin$|^fontFamily$|^encoding$',
                flags: '',
              },
            },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'TypeError',
            // A refused change's English reason, for the console; what a person reads is its descriptor.
            'TransitionError',
            'document.getElementById',
            'document.createElement',
            'document.querySelector',
            '*.querySelectorAll',
            'retryWhenOnline',
            'withTimeout',
            // Diagnostics for the console, by the code's convention: `problems` lists what was repaired or dropped.
            '*.problems.push',
            'problems.push',
            'warnProducts',
            'warnQuotas',
            '*.setAttribute',
            '*.removeAttribute',
            '*.addEventListener',
            '*.removeEventListener',
            'new URL',
            'import.meta.glob',
          ],
        },
      ],
    },
  },
  // The app's layering, enforced: the zones above, and no import cycles anywhere in src/.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layers }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
