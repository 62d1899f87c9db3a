import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import type { PluginOption } from 'vite';

/**
 * Lingui's macros (`<Trans>`, `t`, `plural`) become message lookups at build time, and the .po catalogues compiled
 * messages (docs/languages.md). @vitejs/plugin-react runs no Babel, so the macro runs through @rolldown/plugin-babel,
 * and only on modules that import a macro: every other module stays on the bundler's own fast transform.
 */
export function linguiPlugins(): PluginOption[] {
  const macro = defineRolldownBabelPreset({
    preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
    rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
  });
  return [babel({ presets: [macro], parallel: true }), lingui()];
}
