// Quick help: what an API name does, its unit, default and parameters, and an example, in the
// page's language. The texts are written for this project (web/help/en.json, zh-CN.json, one
// entry per `newtons api` key); the server says which key a name in the code is (assist).

import { lang } from './i18n.js';

const catalogs = new Map();

/** The help catalog of a language, fetched once; an empty one when it cannot be had. */
export function helpCatalog(language = lang(), fetchJSON = defaultFetch) {
  if (!catalogs.has(language)) {
    catalogs.set(
      language,
      fetchJSON(`/help/${encodeURIComponent(language)}.json`).catch(() => ({})),
    );
  }
  return catalogs.get(language);
}

function defaultFetch(url) {
  return fetch(url).then((r) => (r.ok ? r.json() : {}));
}

/** The entry for a key, checked: strings only, cut to sensible lengths; null when missing. */
export function helpEntry(catalog, key) {
  const raw = key && catalog && Object.prototype.hasOwnProperty.call(catalog, key) ? catalog[key] : null;
  if (!raw || typeof raw !== 'object' || typeof raw.summary !== 'string') return null;
  const text = (v, max = 600) => (typeof v === 'string' ? v.slice(0, max) : '');
  return {
    summary: text(raw.summary),
    unit: text(raw.unit, 200),
    default: text(raw.default, 100),
    example: text(raw.example, 300),
    params: Array.isArray(raw.params)
      ? raw.params.slice(0, 20).filter((p) => p && typeof p.name === 'string').map((p) => ({ name: text(p.name, 64), text: text(p.text, 300) }))
      : [],
  };
}

/** The entry's unit and range, short, for a completion's line. */
export function unitOf(entry) {
  return entry && entry.unit ? entry.unit : '';
}

/**
 * Fills `box` with a name's help (text only, no markup from the catalog): its declaration,
 * summary, unit, default, parameters and example. `words` gives the headings in the page's
 * language.
 */
export function renderHelp(box, { label, detail, entry }, words) {
  const doc = box.ownerDocument;
  const el = (tag, className, text) => {
    const e = doc.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  box.replaceChildren();
  const head = el('p', 'help-declaration');
  head.append(el('code', null, label));
  if (detail) head.append(el('span', 'help-type', `: ${detail}`));
  box.append(head);
  if (!entry) {
    box.append(el('p', 'help-summary', words.none));
    return;
  }
  box.append(el('p', 'help-summary', entry.summary));
  const facts = el('dl', 'help-facts');
  const fact = (term, value) => {
    if (!value) return;
    facts.append(el('dt', null, term), el('dd', null, value));
  };
  fact(words.unit, entry.unit);
  fact(words.default, entry.default);
  for (const p of entry.params) fact(p.name, p.text);
  if (facts.childElementCount) box.append(facts);
  if (entry.example) {
    box.append(el('p', 'help-heading', words.example));
    const pre = el('pre', 'help-example');
    pre.append(el('code', null, entry.example));
    box.append(pre);
  }
}
