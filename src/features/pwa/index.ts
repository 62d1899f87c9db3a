/** What other features may use of the PWA feature: whether the browser is online. */
export { onlineAtom } from './connectivity';
