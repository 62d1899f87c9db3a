/**
 * Unit and server tests speak British English, as a visitor whose browser asks for it: from the compiled
 * catalogues, the way the app loads them (src/i18n/catalogues.ts), so a message missing from them shows here too.
 */
import { i18n } from '@lingui/core';
import { messages as more } from '../../src/locales/more/en-GB.po';
import { messages as staff } from '../../src/locales/staff/en-GB.po';
import { messages as start } from '../../src/locales/start/en-GB.po';

i18n.loadAndActivate({ locale: 'en-GB', messages: { ...start, ...more, ...staff } });
