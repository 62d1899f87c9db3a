/** What other features may use of the site feature: the page title and description, the translated taglines. */
export { usePageTitle } from './usePageTitle';
export { taglinesAtom, type Taglines } from './tagline';
