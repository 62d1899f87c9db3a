/**
 * MUI v9 drops a palette path in a component's `color` prop without a word (the text keeps its parent's colour),
 * so the linter refuses one (eslint.config.js); tests/e2e/style-parity.spec.ts compares what is drawn.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function colourErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'src/features/wishlist/Snippet.tsx' });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const typography = (attribute: string) =>
  `import Typography from '@mui/material/Typography';\nexport const Line = () => <Typography ${attribute}>Hi</Typography>;\n`;

describe('the colour prop of MUI components', { timeout: 60_000 }, () => {
  it('refuses a palette path, also inside an expression', async () => {
    expect(await colourErrors(typography('color="text.secondary"'))).toHaveLength(1);
    expect(await colourErrors(typography("color={true ? 'warning.dark' : 'textSecondary'}"))).toHaveLength(1);
  });

  it('takes a palette key', async () => {
    expect(await colourErrors(typography('color="textSecondary"'))).toEqual([]);
    expect(await colourErrors(typography('color="warning"'))).toEqual([]);
  });
});
