// Starts the page's strings for the node tests: the real i18next from Debian's libjs-i18next
// when it is installed (the stand-in otherwise), over both catalogs, in English.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startEngine } from '../js/i18n.js';

export const I18NEXT_PATH = '/usr/share/javascript/i18next/i18next.js';
const here = new URL('../locales/', import.meta.url);
export const catalogs = {
  en: JSON.parse(readFileSync(new URL('en.json', here), 'utf8')),
  'zh-CN': JSON.parse(readFileSync(new URL('zh-CN.json', here), 'utf8')),
};
export const i18next = existsSync(I18NEXT_PATH) ? createRequire(import.meta.url)(I18NEXT_PATH) : null;

/** Starts the engine in `lng` (English by default). */
export function useLanguage(lng = 'en') {
  return startEngine(i18next, catalogs, lng);
}

await useLanguage('en');
