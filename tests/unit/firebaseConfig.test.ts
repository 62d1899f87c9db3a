import { describe, expect, it } from 'vitest';
import { readFirebaseSettings } from '../../src/firebase/config';

describe('firebase settings', () => {
  it('uses the local emulators of the serving machine when no project is configured', () => {
    const settings = readFirebaseSettings({}, 'localhost');
    expect(settings.emulators).toEqual({
      database: { host: '127.0.0.1', port: 9000 },
      auth: { host: '127.0.0.1', port: 9099 },
    });
    expect(settings.options.projectId).toBe('demo-storefront');
    expect(settings.options.databaseURL).toBe('http://127.0.0.1:9000?ns=demo-storefront-default-rtdb');
    expect(readFirebaseSettings({}, '192.168.1.20').emulators?.database.host).toBe('192.168.1.20');
  });

  it('takes emulator ports from the build', () => {
    const settings = readFirebaseSettings(
      { VITE_DATABASE_EMULATOR_PORT: '9100', VITE_AUTH_EMULATOR_PORT: 'nonsense' },
      'localhost',
    );
    expect(settings.emulators).toEqual({
      database: { host: '127.0.0.1', port: 9100 },
      auth: { host: '127.0.0.1', port: 9099 },
    });
  });

  it('switches to a real project when VITE_FIREBASE_PROJECT_ID is set', () => {
    const settings = readFirebaseSettings(
      {
        VITE_FIREBASE_PROJECT_ID: 'shop-prod',
        VITE_FIREBASE_API_KEY: 'key',
        VITE_FIREBASE_AUTH_DOMAIN: 'shop-prod.firebaseapp.com',
        VITE_FIREBASE_DATABASE_URL: 'https://shop-prod-default-rtdb.europe-west1.firebasedatabase.app',
        VITE_FIREBASE_APP_ID: '1:2:web:3',
      },
      'shop.example',
    );
    expect(settings.emulators).toBeNull();
    expect(settings.options).toEqual({
      apiKey: 'key',
      authDomain: 'shop-prod.firebaseapp.com',
      databaseURL: 'https://shop-prod-default-rtdb.europe-west1.firebasedatabase.app',
      projectId: 'shop-prod',
      appId: '1:2:web:3',
    });
  });
});
