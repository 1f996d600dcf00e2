// The page's language and its strings. Every string the page shows comes from a catalog, one per
// language (`/locales/en.json`, `/locales/zh-CN.json`), through i18next (Debian's libjs-i18next)
// with its browser language detector (libjs-i18next-browser-languagedetector), both served
// under /lib/ like the other libraries. The language: `?lang=zh` or `?lang=en` (kept for the
// tab), else the one picked in the header (kept in localStorage), else the browser's preferred
// languages; `<html lang>` follows. Without i18next on the server, a small stand-in reads the
// same catalogs (interpolation and plurals), so the page still speaks the language.
//
// Markup: `data-i18n="key"` sets an element's text; `data-i18n-attr="aria-label:key;title:key"`
// sets attributes. Code: `t(key, vars)`. Numbers: `formatNumber`, `formatFixed`.

import { addScript } from './scripts.js';

export const LANGUAGES = Object.freeze(['en', 'zh-CN']);
export const DEFAULT_LANGUAGE = 'en';
/** Where the header's choice is kept (localStorage), and a forced `?lang=` (sessionStorage). */
export const LANG_KEY = 'newtons.lang';
export const I18NEXT_SCRIPTS = ['/lib/i18next/i18next.min.js', '/lib/i18next-browser-languagedetector/i18nextBrowserLanguageDetector.min.js'];

let engine = null; // an i18next instance, or the stand-in
let current = DEFAULT_LANGUAGE;
const listeners = new Set();
const numberFormats = new Map();

/** The catalog language for a BCP 47 tag: `zh`, `zh-CN`, `zh-Hans-SG` → `zh-CN`; `en-GB` → `en`; else null. */
export function matchLanguage(tag) {
  const t = String(tag || '').trim().toLowerCase().replace(/_/g, '-');
  if (t === 'zh' || t.startsWith('zh-')) return 'zh-CN';
  if (t === 'en' || t.startsWith('en-')) return 'en';
  return null;
}

/** The first of `candidates` (most wanted first) that has a catalog, else English. */
export function pickLanguage(candidates) {
  for (const c of [candidates].flat()) {
    const m = matchLanguage(c);
    if (m) return m;
  }
  return DEFAULT_LANGUAGE;
}

/** The language shown now (`en` or `zh-CN`). */
export function lang() {
  return current;
}

/** The string for `key` in the page's language, `{{name}}` filled from `vars` (`count` picks the plural). */
export function t(key, vars) {
  return engine ? engine.t(key, vars) : key;
}

/** Whether the catalog has `key` (for optional strings: an event the page knows by name). */
export function has(key) {
  return !!engine && engine.exists(key);
}

/** Of a server's `{"en": …, "zh-CN": …}`, the text in the page's language; else `fallback`. */
export function localized(map, fallback = '') {
  if (map && typeof map === 'object') {
    if (typeof map[current] === 'string' && map[current]) return map[current];
    const base = current.split('-')[0];
    for (const [k, v] of Object.entries(map)) if (matchLanguage(k) === current && typeof v === 'string' && v) return v;
    if (typeof map[base] === 'string' && map[base]) return map[base];
  }
  return fallback;
}

function numberFormat(options) {
  const key = `${current}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(current, options);
    numberFormats.set(key, f);
  }
  return f;
}

/** A number as the page's language writes it. */
export function formatNumber(v, options = {}) {
  if (!Number.isFinite(v)) return '–';
  return numberFormat(options).format(v);
}

/** A number with exactly `decimals` decimals, as the page's language writes it. */
export function formatFixed(v, decimals) {
  return formatNumber(v, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false });
}

/** Calls `f(lang)` after each change of language; returns a function that stops it. */
export function onLanguageChange(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Applies `data-i18n` and `data-i18n-attr` under `root` (the whole page by default). */
export function translate(root) {
  const all = (sel) => [...(root.matches && root.matches(sel) ? [root] : []), ...root.querySelectorAll(sel)];
  for (const el of all('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of all('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':').map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
}

/** A stand-in for i18next over the same catalogs: nested keys, `{{vars}}`, `_one`/`_other` plurals. */
export function createStandIn(resources) {
  let language = DEFAULT_LANGUAGE;
  const lookup = (lng, key) => key.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), resources[lng]);
  const find = (key, vars) => {
    for (const lng of [language, DEFAULT_LANGUAGE]) {
      if (vars && typeof vars.count === 'number') {
        const form = new Intl.PluralRules(lng).select(vars.count);
        const v = lookup(lng, `${key}_${form}`) ?? lookup(lng, `${key}_other`);
        if (typeof v === 'string') return v;
      }
      const v = lookup(lng, key);
      if (typeof v === 'string') return v;
    }
    return undefined;
  };
  return {
    t(key, vars = {}) {
      const s = find(key, vars);
      if (s === undefined) return key;
      return s.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name) => (vars[name] === undefined ? '' : String(vars[name])));
    },
    exists: (key) => find(key) !== undefined,
    changeLanguage(lng) {
      language = lng;
      return Promise.resolve();
    },
    addResourceBundle(lng, _ns, bundle) {
      resources[lng] = bundle;
    },
    hasResourceBundle: (lng) => !!resources[lng],
  };
}

async function fetchCatalog(lng) {
  const res = await fetch(`/locales/${lng}.json`, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`/locales/${lng}.json: ${res.status}`);
  return res.json();
}

function storage(win, kind) {
  try {
    return win[kind] || null;
  } catch {
    return null;
  }
}

/**
 * The language to show: `?lang=` (then kept for the tab), the header's choice, the browser's
 * languages. `Detector` is i18next-browser-languagedetector's class, or null (then the same
 * order is read by hand).
 */
export function detectLanguage(win, Detector = null) {
  const forced = new URLSearchParams(win.location.search).get('lang');
  const session = storage(win, 'sessionStorage');
  if (forced && matchLanguage(forced)) {
    try {
      session?.setItem(LANG_KEY, matchLanguage(forced));
    } catch {
      /* private mode */
    }
    return matchLanguage(forced);
  }
  if (Detector) {
    // Used on its own (the page resolves the match itself): `getBestMatchFromCodes` present
    // makes detect() return every candidate, most wanted first.
    const detector = new Detector({ languageUtils: { getBestMatchFromCodes: () => null } }, {
      order: ['sessionStorage', 'localStorage', 'navigator'],
      lookupSessionStorage: LANG_KEY,
      lookupLocalStorage: LANG_KEY,
      caches: [],
    });
    return pickLanguage(detector.detect());
  }
  const stored = [session, storage(win, 'localStorage')].map((s) => {
    try {
      return s?.getItem(LANG_KEY);
    } catch {
      return null;
    }
  });
  return pickLanguage([...stored.filter(Boolean), ...(win.navigator.languages || [win.navigator.language])]);
}

async function useLanguage(lng, load) {
  if (!engine.hasResourceBundle(lng, 'translation')) engine.addResourceBundle(lng, 'translation', await load(lng), true, true);
  await engine.changeLanguage(lng);
  current = lng;
}

/**
 * Starts the page's strings: loads i18next and the detector from /lib/ (a stand-in when they
 * are not served), the catalogs, and translates the page. Resolves to the language.
 */
export async function initI18n({ doc = document, win = window, load = fetchCatalog } = {}) {
  let i18next = null;
  let Detector = null;
  try {
    for (const src of I18NEXT_SCRIPTS) await addScript(doc, src);
    i18next = win.i18next || null;
    Detector = win.i18nextBrowserLanguageDetector || null;
  } catch {
    /* not served: the stand-in reads the catalogs */
  }
  const lng = detectLanguage(win, Detector);
  const first = { [DEFAULT_LANGUAGE]: await load(DEFAULT_LANGUAGE) };
  if (lng !== DEFAULT_LANGUAGE) first[lng] = await load(lng).catch(() => null);
  const chosen = first[lng] ? lng : DEFAULT_LANGUAGE;
  await startEngine(i18next, first, chosen);
  applyToDocument(doc);
  return current;
}

/** Starts the engine over already loaded catalogs (`{en: {...}, 'zh-CN': {...}}`); node tests use it. */
export async function startEngine(i18next, resources, lng = DEFAULT_LANGUAGE) {
  if (i18next) {
    engine = i18next.createInstance();
    const res = Object.fromEntries(Object.entries(resources).filter(([, v]) => v).map(([k, v]) => [k, { translation: v }]));
    await engine.init({
      resources: res,
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      load: 'currentOnly',
      interpolation: { escapeValue: false }, // text reaches the DOM through textContent only
      returnNull: false,
    });
  } else {
    engine = createStandIn({ ...resources });
    await engine.changeLanguage(lng);
  }
  current = lng;
  numberFormats.clear();
  return engine;
}

function applyToDocument(doc) {
  doc.documentElement.lang = current;
  translate(doc);
}

/**
 * Switches the page to `lng` (the header's choice, remembered in localStorage): the catalog,
 * `<html lang>`, the marked-up strings, then every listener redraws its own.
 */
export async function setLanguage(lng, { doc = document, win = window, load = fetchCatalog, remember = true } = {}) {
  const chosen = matchLanguage(lng) || DEFAULT_LANGUAGE;
  if (remember) {
    for (const kind of ['localStorage', 'sessionStorage']) {
      try {
        storage(win, kind)?.setItem(LANG_KEY, chosen);
      } catch {
        /* private mode */
      }
    }
  }
  await useLanguage(chosen, load);
  numberFormats.clear();
  applyToDocument(doc);
  for (const f of listeners) f(current);
  return current;
}
