import { catalogs, useLanguage, i18next } from './i18n-setup.mjs';
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { t, lang, localized, matchLanguage, pickLanguage, createStandIn, formatNumber, formatFixed, detectLanguage, LANG_KEY } from '../js/i18n.js';
import { DEFAULT_GESTURES } from '../js/gestures.js';
import { FORCE_SOURCES } from '../js/overlay-protocol.js';
import { OVERLAYS } from '../js/overlays.js';
import { QUANTITIES } from '../js/plot.js';

const WEB = new URL('../', import.meta.url);
const read = (p) => readFileSync(new URL(p, WEB), 'utf8');
const jsFiles = readdirSync(new URL('js/', WEB)).filter((f) => f.endsWith('.js'));
// The modules without their comment lines (which may show markup as an example).
const sources = Object.fromEntries(jsFiles.map((f) => [f, read(`js/${f}`).split('\n').filter((l) => !/^\s*(\/\/|\*|\/\*\*)/.test(l)).join('\n')]));
const html = read('index.html').replace(/<noscript>[\s\S]*?<\/noscript>/g, '');

/** `{ 'a.b': 'text' }` of a nested catalog. */
function flatten(o, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === 'object') flatten(v, `${prefix}${k}.`, out);
    else out[prefix + k] = v;
  }
  return out;
}
const flat = { en: flatten(catalogs.en), 'zh-CN': flatten(catalogs['zh-CN']) };
/** A key as code asks for it: plain, or a plural (`key_one`, `key_other`). */
const inCatalog = (lng, key) => key in flat[lng] || `${key}_other` in flat[lng];

/** Every key the page asks for by name: t('…'), data-i18n, data-i18n-attr, i18n: '…'. */
function usedKeys() {
  const keys = new Map();
  const add = (key, where) => keys.set(key, where);
  for (const [file, src] of Object.entries(sources)) {
    for (const m of src.matchAll(/\bt\(\s*'([\w.-]+)'/g)) add(m[1], file);
    for (const m of src.matchAll(/\bi18n:\s*'([\w.-]+)'/g)) add(m[1], file);
    for (const m of src.matchAll(/data-i18n="([\w.-]+)"/g)) add(m[1], file);
    for (const m of src.matchAll(/(?:data-i18n-attr="|i18nAttr:\s*')([^"']+)/g)) for (const pair of m[1].split(';')) add(pair.split(':')[1].trim(), file);
    for (const m of src.matchAll(/\?\s*'([a-z]+\.[\w.-]+)'\s*:\s*'([a-z]+\.[\w.-]+)'/g)) {
      add(m[1], file);
      add(m[2], file);
    }
  }
  // Any quoted literal that names a catalog key (`'members.give'` handed to a helper).
  const spaces = Object.keys(catalogs.en).join('|');
  const literal = new RegExp(`'((?:${spaces})\\.[\\w-]+(?:\\.[\\w-]+)*)'`, 'g');
  for (const [file, src] of Object.entries(sources)) for (const m of src.matchAll(literal)) add(m[1], file);
  for (const m of html.matchAll(/data-i18n="([\w.-]+)"/g)) add(m[1], 'index.html');
  for (const m of html.matchAll(/data-i18n-attr="([^"]+)"/g)) for (const pair of m[1].split(';')) add(pair.split(':')[1].trim(), 'index.html');
  return keys;
}

/** The keys the page builds from names: gestures, forces, overlays, plots, words of the live region, errors. */
function builtKeys() {
  const keys = [];
  for (const id of Object.keys(DEFAULT_GESTURES)) keys.push(`gesture.lesson.${id}`);
  for (const s of FORCE_SOURCES) keys.push(`force.${s}`);
  for (const o of OVERLAYS) keys.push(`physics.${o}`);
  for (const tool of ['inspect', 'ruler']) keys.push(`physics.${tool}`, `physics.${tool}Title`);
  for (const [q, spec] of Object.entries(QUANTITIES)) {
    keys.push(`plot.${q}`, `plot.quantity.${q}`);
    for (const [key] of spec.series) keys.push(`plot.series.${key}`);
  }
  for (const d of ['up', 'down', 'left', 'right', 'up-left', 'up-right', 'down-left', 'down-right']) keys.push(`say.dir.${d}`);
  for (const r of ['top-left', 'top', 'top-right', 'left', 'centre', 'right', 'bottom-left', 'bottom', 'bottom-right']) keys.push(`say.where.${r}`);
  for (const e of ['top', 'bottom', 'left', 'right']) keys.push(`say.edge.${e}`);
  for (const s of ['paused', 'resumed']) keys.push(`say.${s}`);
  // Every error code of docs/protocol.md and Sources/RoomServer (ErrorCode).
  for (const c of ['bad-message', 'bad-value', 'forbidden', 'rate-limited', 'unknown-room', 'full', 'compile-error']) keys.push(`error.${c}`);
  // The room's own events (Sources/RoomServer/Rooms) and the lesson hosts' (Sources/Lessons).
  for (const e of ['reset', 'paused', 'resumed', 'locked', 'unlocked', 'replay-failed', 'replay-rebuilt', 'ball-reset', 'throw', 'alert-shown', 'alert-dismissed', 'fields-moved', 'runtime-error']) keys.push(`event.${e}`);
  return keys;
}

describe('the catalogs', () => {
  test('both languages have the same keys', () => {
    const en = Object.keys(flat.en).sort();
    const zh = Object.keys(flat['zh-CN']).sort();
    assert.deepEqual(en.filter((k) => !zh.includes(k)), [], 'keys missing from zh-CN.json');
    assert.deepEqual(zh.filter((k) => !en.includes(k)), [], 'keys missing from en.json');
  });

  test('every key the page asks for is in both catalogs', () => {
    const missing = [];
    for (const [key, where] of usedKeys()) for (const lng of ['en', 'zh-CN']) if (!inCatalog(lng, key)) missing.push(`${lng}: ${key} (${where})`);
    for (const key of builtKeys()) for (const lng of ['en', 'zh-CN']) if (!inCatalog(lng, key)) missing.push(`${lng}: ${key} (built)`);
    assert.deepEqual(missing, []);
    assert.ok(usedKeys().size > 150, `only ${usedKeys().size} keys found: the scan is broken`);
  });

  test('every value is a non-empty string with the same {{variables}} in both languages', () => {
    for (const [key, en] of Object.entries(flat.en)) {
      const zh = flat['zh-CN'][key];
      assert.equal(typeof en, 'string', key);
      assert.ok(en.trim() && zh.trim(), `${key} is empty`);
      const vars = (s) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(vars(zh), vars(en), `${key}: the variables differ`);
    }
  });

  test('the Chinese catalog is Chinese: English words only for names, units and keys', () => {
    const allowed = new Set(['Newtons', 'UIKit', 'Dynamics', 'Swift', 'CSV', 'Ctrl', 'Enter', 'Shift', 'Tab', 'Esc', 'Chart', 'js', 'Debian', 'libjs', 'chart', 'K7QX2M', 'QX', 'UIDynamicAnimator', 'Alt', 'viewDidLoad']);
    const bad = [];
    for (const [key, zh] of Object.entries(flat['zh-CN'])) {
      const words = zh.replace(/\{\{\s*\w+\s*\}\}/g, '').match(/[A-Za-z]{2,}/g) || [];
      for (const w of words) if (!allowed.has(w)) bad.push(`${key}: ${w}`);
      if (!/[\u4e00-\u9fff]/.test(zh) && !/^[\s\p{P}\p{S}\dA-Za-z{}]*$/u.test(zh)) bad.push(`${key}: ${zh}`);
    }
    assert.deepEqual(bad, []);
  });
});

describe('no string in the page outside the catalogs', () => {
  test('index.html: every element with words of its own takes them from a catalog', () => {
    const bad = [];
    // An element's own text: what lies between its start tag and the next tag.
    for (const m of html.matchAll(/<([a-z0-9]+)([^>]*)>([^<]*)/g)) {
      const [, tag, attrs, text] = m;
      if (['script', 'style', 'title', 'option', 'noscript'].includes(tag)) continue;
      if (!/[A-Za-z]{2,}/.test(text)) continue;
      if (/data-i18n="/.test(attrs) || /class="brand-name"/.test(attrs)) continue;
      bad.push(`<${tag}${attrs}>${text.trim()}`);
    }
    for (const m of html.matchAll(/\s(aria-label|title|placeholder)="([^"]*)"/g)) {
      const tagStart = html.lastIndexOf('<', m.index);
      const tag = html.slice(tagStart, html.indexOf('>', m.index));
      if (!new RegExp(`data-i18n-attr="[^"]*${m[1]}:`).test(tag)) bad.push(`${m[1]}="${m[2]}"`);
    }
    assert.deepEqual(bad, []);
  });

  test('the modules put no literal words on the page', () => {
    const patterns = [
      /\.textContent\s*=\s*['`"][^'`"$]*[A-Za-z]{2,}/,
      /\.title\s*=\s*['`"][^'`"$]*[A-Za-z]{2,}/,
      /setAttribute\(\s*'(?:aria-label|title|placeholder|aria-valuetext)',\s*['`"][^'`"$]*[A-Za-z]{2,}/,
      /\btext:\s*['`"][^'`"$]*[A-Za-z]{2,}/,
      /['"]?(?:aria-label|title|placeholder|alt)['"]?:\s*['`"][^'`"$]*[A-Za-z]{2,}/,
      /\b(?:toast|setCustomValidity|say|sayNow)\(\s*['`"][^'`"$]*[A-Za-z]{2,}/,
      /createTextNode\(\s*['`"][^'`"$]*[A-Za-z]{2,}/,
      /\b(?:label|title|aria-label)="[^"$]*[A-Za-z]{2,}[^"]*"/,
      />\s*[A-Z][a-z]+(?:\s+[a-z]+)+\s*</,
    ];
    const bad = [];
    for (const [file, src] of Object.entries(sources)) {
      src.split('\n').forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*\*)/.test(line)) return;
        for (const p of patterns) if (p.test(line)) bad.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(bad, []);
  });

  test('the stylesheet writes no words (its texts come from attributes the page fills)', () => {
    const css = read('style.css');
    const bad = [...css.matchAll(/content:\s*"([^"]*)"/g)].map((m) => m[1]).filter((s) => /[A-Za-z]{2,}/.test(s));
    assert.deepEqual(bad, []);
  });
});

describe('the language', () => {
  after(() => useLanguage('en'));

  test('a browser tag picks a catalog', () => {
    assert.equal(matchLanguage('zh'), 'zh-CN');
    assert.equal(matchLanguage('zh-CN'), 'zh-CN');
    assert.equal(matchLanguage('zh-Hans-SG'), 'zh-CN');
    assert.equal(matchLanguage('en-GB'), 'en');
    assert.equal(matchLanguage('fr'), null);
    assert.equal(pickLanguage(['fr-FR', 'zh-TW', 'en']), 'zh-CN');
    assert.equal(pickLanguage(['de']), 'en');
    assert.equal(pickLanguage([]), 'en');
  });

  test('?lang= wins, then the header choice, then the browser (with the detector when served)', () => {
    const storageOf = (init = {}) => {
      const m = new Map(Object.entries(init));
      return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k), map: m };
    };
    const win = (search, stored, languages) => ({
      location: { search },
      sessionStorage: storageOf(),
      localStorage: storageOf(stored ? { [LANG_KEY]: stored } : {}),
      navigator: { languages, language: languages[0] },
    });
    const w = win('?lang=zh', 'en', ['en-US']);
    assert.equal(detectLanguage(w), 'zh-CN');
    assert.equal(w.sessionStorage.map.get(LANG_KEY), 'zh-CN', 'kept for the tab');
    assert.equal(detectLanguage(win('?lang=en', 'zh-CN', ['zh-CN'])), 'en');
    assert.equal(detectLanguage(win('', 'zh-CN', ['en-US'])), 'zh-CN');
    assert.equal(detectLanguage(win('', null, ['zh-CN', 'en'])), 'zh-CN');
    assert.equal(detectLanguage(win('', null, ['fr'])), 'en');
  });

  test('zh-CN speaks Chinese, with plurals and variables; numbers per language', async () => {
    await useLanguage('zh-CN');
    assert.equal(lang(), 'zh-CN');
    assert.equal(t('members.people', { count: 3 }), '这里有 3 人');
    assert.equal(t('say.hitEdge', { item: t('item.frog'), edge: t('say.edge.bottom') }), '青蛙撞到了下边');
    assert.equal(localized({ en: 'Snap', 'zh-CN': '捕捉' }, 'Snap'), '捕捉');
    assert.equal(localized({ en: 'Snap', zh: '捕捉' }, 'Snap'), '捕捉');
    assert.equal(localized(null, 'Snap'), 'Snap');
    await useLanguage('en');
    assert.equal(t('members.people', { count: 1 }), '1 person here');
    assert.equal(t('members.people', { count: 2 }), '2 people here');
    assert.equal(localized({ en: 'Snap', 'zh-CN': '捕捉' }, 'x'), 'Snap');
    assert.equal(formatNumber(1234.5), '1,234.5');
    assert.equal(formatFixed(0.5, 2), '0.50');
  });

  test('the node tests use the real i18next when Debian ships it', () => {
    if (!i18next) return;
    assert.equal(typeof i18next.createInstance, 'function');
  });

  test('without i18next on the server, the stand-in reads the same catalogs', async () => {
    const s = createStandIn({ en: catalogs.en, 'zh-CN': catalogs['zh-CN'] });
    await s.changeLanguage('zh-CN');
    assert.equal(s.t('members.people', { count: 2 }), '这里有 2 人');
    assert.equal(s.t('status.offline', { seconds: 3 }), '离线 · 3 秒后重试');
    assert.equal(s.t('no.such.key'), 'no.such.key');
    await s.changeLanguage('en');
    assert.equal(s.t('members.people', { count: 1 }), '1 person here');
    assert.ok(s.exists('room.reset'));
  });
});
