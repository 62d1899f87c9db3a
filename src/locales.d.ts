/** A catalogue of src/locales, compiled by Lingui's Vite plugin when it is imported (docs/languages.md). */
declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}
