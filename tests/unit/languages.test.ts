import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLanguage, isLanguage } from '../../src/i18n/languages';

describe('choosing the visitor’s language', () => {
  it.each([
    [['de-DE'], 'de-DE'],
    [['de-AT', 'en-GB'], 'de-DE'],
    [['DE'], 'de-DE'],
    [['en-US', 'de-DE'], 'en-GB'],
    [['fr-FR', 'de-CH'], 'de-DE'],
    [['fr-FR', 'it'], 'en-GB'],
    [[], 'en-GB'],
    // The pseudo-language is for tests: a browser asking for it gets English.
    [['en-XA'], 'en-GB'],
  ])('%j gets %s', (preferred, language) => {
    expect(chooseLanguage(preferred)).toBe(language);
  });

  it('reads Accept-Language by weight, then order, leaving out refusals and nonsense', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('en;q=0.2, de-DE')).toEqual(['de-DE', 'en']);
    expect(acceptedLanguages('de;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('<script>, de;q=abc, ;q=1, en-GB;q=2, fr;q=1.5')).toEqual([]);
    expect(acceptedLanguages('de-DE;q=0.5;level=1, en;q=1.000')).toEqual(['en', 'de-DE']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(`${'x,'.repeat(100_000)}de`)).not.toContain('de');
  });

  it('knows the languages it speaks, and nothing else', () => {
    expect(['en-GB', 'de-DE', 'en-XA'].every(isLanguage)).toBe(true);
    expect([undefined, '', 'de', 'en', 'de-de', 'constructor', 'toString'].some(isLanguage)).toBe(false);
  });
});
