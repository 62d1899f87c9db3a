import { describe, expect, it } from 'vitest';
import { routeOfPage } from '../../scripts/vite/routeChunkPreload';

describe('routeOfPage', () => {
  it('turns a page module name into its route', () => {
    expect(routeOfPage('Home')).toBe('/home');
    expect(routeOfPage('ComingSoon')).toBe('/coming-soon');
  });
});
