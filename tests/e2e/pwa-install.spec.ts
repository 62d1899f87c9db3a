import { expect, test } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface ManifestImage {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
  form_factor?: string;
}

interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestImage[];
  shortcuts: { name: string; url: string }[];
  screenshots: ManifestImage[];
}

test.use({ serviceWorkers: 'allow' });

test('Chromium finds the app installable from its manifest and icons', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Test contexts are incognito, where Chromium never installs; a profile on disk is an ordinary window.
  const profile = await mkdtemp(join(tmpdir(), 'storefront-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await page.goto('/home');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
    expect(errors).toEqual([]);
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
            .installabilityErrors,
      )
      .toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the manifest names the app, starts at /home and lists icons, shortcuts and screenshots that exist', async ({
  page,
}) => {
  await page.goto('/home');
  const manifest = (await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) throw new Error('no manifest link');
    return (await (await fetch(link.href)).json()) as unknown;
  })) as WebManifest;

  expect(manifest).toMatchObject({
    name: 'Storefront',
    short_name: 'Storefront',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: '#3730a3',
    background_color: '#f8f7fc',
  });
  expect(manifest.description.length).toBeGreaterThan(0);
  const icon = (size: string, purpose: string) =>
    manifest.icons.find((each) => each.sizes === size && each.purpose === purpose);
  expect(icon('192x192', 'any')).toBeDefined();
  expect(icon('512x512', 'any')).toBeDefined();
  expect(icon('512x512', 'maskable')).toBeDefined();
  expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
    ['Products', '/products'],
    ['Wishlist', '/cart'],
  ]);
  expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);

  // Every picture is there, a PNG of the size the manifest claims.
  for (const image of [...manifest.icons, ...manifest.screenshots].filter((each) => each.type === 'image/png')) {
    const size = await page.evaluate(async (src) => {
      const response = await fetch(src);
      const bitmap = await createImageBitmap(await response.blob());
      return { type: response.headers.get('content-type'), sizes: `${bitmap.width}x${bitmap.height}` };
    }, image.src);
    expect(size, image.src).toEqual({ type: 'image/png', sizes: image.sizes });
  }
});

test('the service worker file is never taken from the HTTP cache', async ({ request }) => {
  const response = await request.get('/sw.js');
  expect(response.ok()).toBe(true);
  expect(response.headers()['cache-control']).toBe('no-cache');
});
