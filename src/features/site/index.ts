/** What other features may use of the site feature: the page title and description. */
export { usePageTitle } from './usePageTitle';
