// The panels beside the stage: live parameters as sliders, the member list (with the
// instructor's "give the gesture" buttons), and the event log. DOM only through
// createElement and textContent; values from the server arrive already validated.

import { formatValue, snapValue, displayName } from './room-state.js';
import { t, localized, lang } from './i18n.js';

/** How often a dragged slider sends `set` (ms); the final value is always sent. */
export const SET_INTERVAL_MS = 80;
/** A slider the user touched keeps its own value for this long against server echoes (ms). */
export const EDIT_HOLD_MS = 600;

/** An element of `doc` with a class and a text (the panels' one builder). */
export function el(doc, tag, cls, text) {
  const e = doc.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Live parameters as labelled range inputs, each `<input data-param="name">`. */
export class ParamsView {
  constructor(container, emptyNote, send, { now = () => performance.now(), setTimer = (f, ms) => setTimeout(f, ms), clearTimer = (t) => clearTimeout(t) } = {}) {
    this.container = container;
    this.emptyNote = emptyNote;
    this.send = send;
    this.now = now;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    this.rows = new Map();
    this.enabled = true;
  }

  /** Shows `params`; rebuilds only when the set of names changes. */
  setParams(params) {
    const names = params.map((p) => p.name).join('\u0000');
    if (names !== this.names) {
      this._build(params);
      this.names = names;
    }
    for (const p of params) this._update(p);
    this.emptyNote.hidden = params.length > 0;
  }

  /** The labels again, in the page's language (after a switch of language). */
  relabel() {
    for (const r of this.rows.values()) r.label.textContent = localized(r.p.labels, r.p.label);
  }

  setEnabled(on) {
    this.enabled = on;
    for (const r of this.rows.values()) r.input.disabled = !on;
  }

  _build(params) {
    const doc = this.container.ownerDocument;
    for (const r of this.rows.values()) if (r.timer) this.clearTimer(r.timer);
    this.rows.clear();
    const frag = doc.createDocumentFragment();
    for (const p of params) {
      const id = `param-${p.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
      const row = el(doc, 'div', 'param');
      const label = el(doc, 'label', '', localized(p.labels, p.label));
      label.dataset.paramLabel = p.name;
      label.htmlFor = id;
      const out = el(doc, 'output', '', formatValue(p.value, p.step));
      out.htmlFor = id;
      out.setAttribute('aria-hidden', 'true');
      const input = doc.createElement('input');
      input.type = 'range';
      input.id = id;
      input.dataset.param = p.name;
      input.min = String(p.min);
      input.max = String(p.max);
      input.step = String(p.step);
      input.value = String(p.value);
      input.disabled = !this.enabled;
      const r = { p: { ...p }, label, input, out, editedAt: -Infinity, lastSent: -Infinity, timer: null, pending: null };
      input.addEventListener('input', () => this._edited(r, false));
      input.addEventListener('change', () => this._edited(r, true));
      row.append(label, out, input);
      frag.appendChild(row);
      this.rows.set(p.name, r);
    }
    this.container.replaceChildren(frag);
  }

  _edited(r, final) {
    const v = snapValue(r.input.value, r.p);
    r.editedAt = this.now();
    r.out.textContent = formatValue(v, r.p.step);
    r.input.setAttribute('aria-valuetext', `${r.out.textContent}`);
    r.pending = v;
    const since = r.editedAt - r.lastSent;
    if (final || since >= SET_INTERVAL_MS) {
      this._flush(r);
    } else if (!r.timer) {
      r.timer = this.setTimer(() => {
        r.timer = null;
        this._flush(r);
      }, SET_INTERVAL_MS - since);
    }
  }

  _flush(r) {
    if (r.timer) {
      this.clearTimer(r.timer);
      r.timer = null;
    }
    if (r.pending === null) return;
    const v = r.pending;
    r.pending = null;
    if (v === r.sentValue && this.now() - r.lastSent < 1000) return;
    r.sentValue = v;
    r.lastSent = this.now();
    this.send(r.p.name, v);
  }

  _update(p) {
    const r = this.rows.get(p.name);
    if (!r) return;
    Object.assign(r.p, p);
    r.input.min = String(p.min);
    r.input.max = String(p.max);
    r.input.step = String(p.step);
    const doc = r.input.ownerDocument;
    const busy = doc.activeElement === r.input && this.now() - r.editedAt < EDIT_HOLD_MS;
    if (busy || r.pending !== null) return;
    r.input.value = String(p.value);
    r.out.textContent = formatValue(p.value, p.step);
    r.input.setAttribute('aria-valuetext', r.out.textContent);
  }
}

/** Initials for an avatar: "Ada Lovelace" → "AL". */
export function initials(name) {
  const words = String(name || '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = [...words[0]][0] || '?';
  const second = words.length > 1 ? [...words[words.length - 1]][0] : '';
  return (first + second).toUpperCase();
}

/** A stable palette index (0-7) for a member. */
export function paletteIndex(id, name) {
  let h = (id | 0) * 31;
  for (const ch of String(name || '')) h = (h * 33 + ch.codePointAt(0)) >>> 0;
  return h % 8;
}

/** The member list; the instructor sees give/take-back buttons while the room is locked. */
export function renderMembers(list, countEl, state, { onGive, onEdit = () => {}, onShow = () => {} }) {
  const doc = list.ownerDocument;
  const n = Math.max(state.clients, state.members.length);
  countEl.textContent = t('members.people', { count: n });
  const members = [...state.members].sort((a, b) => (a.role === b.role ? a.id - b.id : a.role === 'instructor' ? -1 : 1));
  const frag = doc.createDocumentFragment();
  for (const m of members) {
    const li = el(doc, 'li');
    li.dataset.member = String(m.id);
    const who = displayName(m.name);
    const avatar = el(doc, 'span', `member-avatar avatar-${paletteIndex(m.id, m.name)}`, initials(who));
    avatar.setAttribute('aria-hidden', 'true');
    const name = el(doc, 'span', 'member-name', who);
    li.append(avatar, name);
    const tags = [];
    if (m.role === 'instructor') tags.push([t('members.instructor'), '']);
    if (m.id === state.you) tags.push([t('members.you'), '']);
    if (state.locked && state.controller === m.id) tags.push([t('members.hasGesture'), 'controller']);
    if (state.editor === m.id) tags.push([t('members.editsCode'), 'controller']);
    for (const [text, c] of tags) li.append(el(doc, 'span', `member-tag ${c}`.trim(), text));
    // The instructor's buttons for this member: `data-<kind>` holds its id.
    const button = (kind, key, labelKey, onClick) => {
      const b = el(doc, 'button', 'btn', t(key));
      b.type = 'button';
      b.dataset[kind] = String(m.id);
      b.setAttribute('aria-label', t(labelKey, { name: who }));
      b.addEventListener('click', onClick);
      li.append(b);
    };
    if (state.role === 'instructor' && state.locked && m.role !== 'instructor') {
      const giving = state.controller === m.id;
      button('give', giving ? 'members.takeBack' : 'members.give', giving ? 'members.takeBackLabel' : 'members.giveLabel', () => onGive(giving ? null : m.id));
    }
    // A student sent their code: the instructor may run it for the class.
    if (state.role === 'instructor' && (state.shared || []).includes(m.id)) {
      button('show', 'members.showCode', 'members.showCodeLabel', () => onShow(m.id));
    }
    // In a class, the instructor lets one student edit and run the code for everyone.
    if (state.role === 'instructor' && state.code && m.role !== 'instructor') {
      const editing = state.editor === m.id;
      button('edit', editing ? 'members.stopEdits' : 'members.letEdit', editing ? 'members.stopEditsLabel' : 'members.letEditLabel', () => onEdit(editing ? null : m.id));
    }
    frag.appendChild(li);
  }
  list.replaceChildren(frag);
}

/** The clock time of an event-log entry, as the page's language writes it (24-hour, seconds). */
export function clockText(date) {
  return date.toLocaleTimeString(lang(), { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

/**
 * Prepends one entry to the event log (newest first), keeping at most `limit`. `entry.text`
 * is the page's sentence; `entry.quote`, what the lesson's code itself said, shown as it is.
 */
export function logEvent(list, entry, limit = 60) {
  const doc = list.ownerDocument;
  const li = el(doc, 'li', entry.kind === 'error' ? 'error fresh' : 'fresh');
  const date = entry.date || new Date();
  const stamp = el(doc, 'time', '', clockText(date));
  stamp.dateTime = date.toISOString();
  const said = el(doc, 'span', '', entry.text || '');
  if (entry.quote) {
    const q = el(doc, 'q', 'from-code', entry.quote);
    q.dataset.fromCode = '';
    q.translate = false;
    if (entry.text) said.append(' ');
    said.append(q);
  }
  li.append(stamp, said);
  li.dataset.event = entry.name || '';
  list.prepend(li);
  while (list.children.length > limit) list.lastElementChild.remove();
}
