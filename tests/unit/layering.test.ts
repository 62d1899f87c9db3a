/**
 * The linter refuses code that breaks the layering (docs/architecture.md#what-each-folder-may-import): each
 * snippet is linted with the project's own eslint.config.js as if it were the named file of src/.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId?.startsWith('import-x/'))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

// ESLint parses the modules each snippet imports: seconds on a busy machine, more than the default 5 s.
describe('the layering the linter enforces', { timeout: 60_000 }, () => {
  it('lets only src/firebase/ import the Firebase SDK, statically or lazily', async () => {
    expect(
      await layeringErrors('src/features/contact/sdk.ts', "export const load = () => import('firebase/database');"),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .* restricted zone\. Only src\/firebase\/ imports the Firebase SDK/,
      ),
    ]);
    expect(
      await layeringErrors(
        'src/app/sdk.ts',
        "import { getDatabase } from 'firebase/database';\nexport { getDatabase };",
      ),
    ).toHaveLength(1);
    expect(
      await layeringErrors('src/firebase/sdk.ts', "export const load = () => import('firebase/database');"),
    ).toEqual([]);
  });

  it('keeps src/firebase/ and src/state/ below the features, pages and app', async () => {
    const feature = "import { wishlist } from '../features/wishlist';\nexport { wishlist };";
    expect(await layeringErrors('src/firebase/wishlistPort.ts', feature)).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .* restricted zone\. src\/firebase\/ and src\/state\/ are below/,
      ),
    ]);
    expect(await layeringErrors('src/state/wishlistState.ts', feature)).toHaveLength(1);
    expect(await layeringErrors('src/state/db.ts', "export { readValue } from '../firebase/database';")).toHaveLength(
      1,
    );
    expect(await layeringErrors('src/firebase/page.ts', "export { default } from '../pages/HomePage';")).toHaveLength(
      1,
    );
  });

  it("lets a feature use another only through that one's index.ts or a panel it lends", async () => {
    expect(
      await layeringErrors('src/features/wishlist/x.ts', "export { parseProduct } from '../catalogue/product';"),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .* restricted zone\. Import another feature through its index\.ts/,
      ),
    ]);
    expect(await layeringErrors('src/features/wishlist/x.ts', "export { parseProduct } from '../catalogue';")).toEqual(
      [],
    );
    expect(
      await layeringErrors('src/features/wishlist/x.ts', "export { parseProduct } from '../catalogue/index';"),
    ).toEqual([]);
    expect(
      await layeringErrors(
        'src/features/dashboard/x.ts',
        "export const panel = () => import('../tickets/MyTicketsPanel');",
      ),
    ).toEqual([]);
    expect(await layeringErrors('src/features/catalogue/x.ts', "export { normalise } from './product';")).toEqual([]);
  });

  it('keeps features and pages from reaching up into the app', async () => {
    expect(await layeringErrors('src/features/site/x.ts', "export { App } from '../../app/App';")).toHaveLength(1);
    expect(await layeringErrors('src/pages/X.tsx', "export { App } from '../app/App';")).toHaveLength(1);
  });

  it("lets trusted code share only the app's pure modules, never its browser code", async () => {
    const browser = "import { database } from '../../../src/firebase/database';\nexport { database };";
    expect(await layeringErrors('functions/src/orders/port.ts', browser)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Trusted code shares only pure modules of src\//),
    ]);
    const view =
      "import { CheckoutView } from '../../../src/features/checkout/CheckoutView';\nexport { CheckoutView };";
    expect(await layeringErrors('functions/src/orders/view.ts', view)).toHaveLength(1);
    const shared = "import { paths } from '../../../src/firebase/paths';\nexport { paths };";
    expect(await layeringErrors('functions/src/orders/shared.ts', shared)).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    // catalogueState.ts imports product.ts: product.ts importing it back closes a cycle.
    expect(
      await layeringErrors('src/features/catalogue/product.ts', "export { catalogueAtom } from './catalogueState';"),
    ).toEqual([expect.stringMatching(/^import-x\/no-cycle:/)]);
  });

  it('lets a room of the dashboard, and its shell, use another room only through its index.ts or a panel', async () => {
    expect(
      await layeringErrors('src/features/dashboard/events/x.ts', "export { OrderRows } from '../orders/OrderRows';"),
    ).toEqual([expect.stringMatching(/restricted zone\. Use another room of the dashboard through its index\.ts/)]);
    expect(
      await layeringErrors('src/features/dashboard/events/x.ts', "export { OrdersDesk } from '../orders';"),
    ).toEqual([]);
    expect(
      await layeringErrors('src/features/dashboard/x.ts', "export { ProductEditor } from './shop/ProductEditor';"),
    ).toEqual([expect.stringMatching(/restricted zone\. The dashboard shell assembles its rooms through their index/)]);
    expect(
      await layeringErrors(
        'src/features/dashboard/x.ts',
        "export const load = () => import('./events/EventsDeskPanel');",
      ),
    ).toEqual([]);
  });

  it('keeps the money model below every screen, feature and the database port', async () => {
    const refused = /restricted zone\. The money model is pure and shared with trusted code/;
    expect(
      await layeringErrors('src/features/payments/model/x.ts', "export { RefundDialog } from '../desk/RefundDialog';"),
    ).toEqual([expect.stringMatching(refused)]);
    expect(
      await layeringErrors('src/features/payments/model/x.ts', "export { orderTotal } from '../../orders';"),
    ).toEqual([expect.stringMatching(refused)]);
    expect(
      await layeringErrors(
        'src/features/payments/model/x.ts',
        "export { readValue } from '../../../firebase/database';",
      ),
    ).toEqual([expect.stringMatching(refused)]);
    // Trusted code reads the model, never the screens beside it.
    expect(
      await layeringErrors(
        'functions/src/payments/x.ts',
        "export { balanceDue } from '../../../src/features/payments/model';",
      ),
    ).toEqual([]);
    expect(
      await layeringErrors(
        'functions/src/payments/x.ts',
        "export { queueMark } from '../../../src/features/payments/desk/markRequests';",
      ),
    ).toEqual([expect.stringMatching(/restricted zone\. Trusted code shares only pure modules of src/)]);
  });
});
