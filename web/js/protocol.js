// The wire protocol as the page speaks it (docs/protocol.md): message builders for what the
// page sends, validation of every JSON message the server sends, and the binary state-frame
// decoder. Everything that arrives is untrusted: numbers are clamped, strings cut, unknown
// messages and fields dropped. Pure module: no DOM, no globals; node --test imports it.

import { validateOverlaysMessage } from './overlay-protocol.js';
import { validateAssistMessage } from './assist-protocol.js';
import { isFileName } from './source-files.js';

export const SUBPROTOCOL = 'newtons.v1';
export const FRAME_KIND_STATE = 1;
export const FRAME_HEADER_BYTES = 16;
export const FRAME_ITEM_BYTES = 16;
export const FRAME_LINE_BYTES = 16;

/** Largest coordinate the page accepts from the server (points); beyond is nonsense. */
const COORD_LIMIT = 1e6;
const MAX_ITEMS = 4096;
const MAX_PATH_POINTS = 512;
const MAX_TEXT = 200;
const MAX_NAME = 64;

// ---------------------------------------------------------------------------------------
// Small validators

/** A finite number clamped to [min, max], or `fallback` when `v` is not a finite number. */
export function num(v, fallback = 0, min = -COORD_LIMIT, max = COORD_LIMIT) {
  if (typeof v !== 'number' || !Number.isFinite(v)) return fallback;
  return v < min ? min : v > max ? max : v;
}

/** A string without control characters, cut to `max` characters, or `fallback`. */
export function str(v, max = MAX_TEXT, fallback = '') {
  if (typeof v !== 'string') return fallback;
  // eslint-disable-next-line no-control-regex
  const clean = v.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  return clean.length > max ? clean.slice(0, max) : clean;
}

/** Multi-line text (source code): keeps newlines and tabs, drops other control characters. */
export function text(v, max = 200000) {
  if (typeof v !== 'string') return '';
  // eslint-disable-next-line no-control-regex
  const clean = v.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  return clean.length > max ? clean.slice(0, max) : clean;
}

export function bool(v) {
  return v === true;
}

/** A CSS colour of the form #rrggbb (or #rgb, expanded), else `fallback`. */
export function color(v, fallback = '#8e8e93') {
  if (typeof v !== 'string') return fallback;
  const s = v.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(s)) return s;
  if (/^#[0-9a-f]{3}$/.test(s)) return '#' + s[1] + s[1] + s[2] + s[2] + s[3] + s[3];
  return fallback;
}

/** A non-negative integer id (items and members), or null. */
export function intId(v) {
  return Number.isInteger(v) && v >= 0 && v <= 0xffffffff ? v : null;
}

/** A room id or code as it may appear in a URL: letters, digits, '-' and '_', 1-64 long. */
export function roomToken(v) {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  return /^[A-Za-z0-9_-]{1,64}$/.test(s) ? s : null;
}

// ---------------------------------------------------------------------------------------
// Objects

const SHAPES = new Set(['rect', 'ellipse', 'path']);
const GESTURES = new Set(['tap', 'pan', 'push']);
const ROLES = new Set(['student', 'instructor']);

/** One item from `welcome` or `scene`, normalised; null when it has no usable id. */
export function normalizeItem(raw) {
  if (!raw || typeof raw !== 'object') return null;
  const id = intId(raw.id);
  if (id === null) return null;
  const shape = SHAPES.has(raw.shape) ? raw.shape : 'rect';
  const item = {
    id,
    name: str(raw.name, MAX_NAME),
    shape,
    w: num(raw.w, 0, 0, 1e4),
    h: num(raw.h, 0, 0, 1e4),
    color: color(raw.color),
    fill: raw.fill !== false,
    x: num(raw.x),
    y: num(raw.y),
    angle: num(raw.angle, 0, -1e6, 1e6),
    alpha: num(raw.alpha, 1, 0, 1),
    sprite: typeof raw.sprite === 'string' ? str(raw.sprite, 32) : null,
    text: typeof raw.text === 'string' ? str(raw.text, MAX_TEXT) : null,
    path: null,
    cornerRadius: num(raw.cornerRadius, 0, 0, 1e4),
    hidden: bool(raw.hidden),
  };
  if (shape === 'path') item.path = normalizePoints(raw.path);
  if (shape === 'path' && (!item.path || item.path.length < 2)) item.shape = 'rect';
  return item;
}

/** A list of [x, y] points (also accepts {x, y}); invalid points are dropped. */
export function normalizePoints(raw, max = MAX_PATH_POINTS) {
  if (!Array.isArray(raw)) return null;
  const out = [];
  for (const p of raw) {
    if (out.length >= max) break;
    let x, y;
    if (Array.isArray(p)) [x, y] = p;
    else if (p && typeof p === 'object') ({ x, y } = p);
    if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)) {
      out.push([num(x), num(y)]);
    }
  }
  return out;
}

/** At most `max` entries of a list, each through `normalize` (null drops it), the first of each `key`. */
function uniqueList(raw, max, normalize, key) {
  if (!Array.isArray(raw)) return [];
  const out = [];
  const seen = new Set();
  for (const r of raw) {
    if (out.length >= max) break;
    const v = normalize(r);
    if (v && !seen.has(v[key])) {
      seen.add(v[key]);
      out.push(v);
    }
  }
  return out;
}

export function normalizeItems(raw) {
  return uniqueList(raw, MAX_ITEMS, normalizeItem, 'id');
}

/** The first `max` entries of `raw` (an array, else none) that `normalize` makes something of: it returns null to drop one. */
function keptList(raw, max, normalize) {
  if (!Array.isArray(raw)) return [];
  const out = [];
  for (const entry of raw.slice(0, max)) {
    const kept = normalize(entry);
    if (kept !== null) out.push(kept);
  }
  return out;
}

export function normalizeBoundaries(raw) {
  return keptList(raw, 256, (b) => {
    if (!b || typeof b !== 'object') return null;
    const points = normalizePoints(b.points);
    if (!points || points.length < 2) return null;
    return { id: typeof b.id === 'string' ? str(b.id, MAX_NAME) : null, points, closed: bool(b.closed) };
  });
}

/** Lines as [[x1, y1, x2, y2], ...] (also accepts {x1, y1, x2, y2}). */
export function normalizeLines(raw) {
  return keptList(raw, 1024, (l) => {
    const v = Array.isArray(l) ? l : l && typeof l === 'object' ? [l.x1, l.y1, l.x2, l.y2] : null;
    if (!v || v.length < 4) return null;
    if (!v.slice(0, 4).every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
    return [num(v[0]), num(v[1]), num(v[2]), num(v[3])];
  });
}

/** A live parameter; null unless it has a name and a sensible range. */
export function normalizeParam(raw) {
  if (!raw || typeof raw !== 'object') return null;
  const name = str(raw.name, MAX_NAME);
  if (!name) return null;
  const lo = num(raw.min, NaN, -1e9, 1e9);
  const hi = num(raw.max, NaN, -1e9, 1e9);
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi < lo) return null;
  let step = num(raw.step, 0, 0, 1e9);
  if (!(step > 0)) step = (hi - lo) / 100 || 1;
  const p = { name, label: str(raw.label, MAX_TEXT) || name, value: num(raw.value, lo, lo, hi), min: lo, max: hi, step };
  const labels = normalizeTexts(raw.labels, MAX_TEXT);
  if (labels) p.labels = labels;
  return p;
}

export function normalizeParams(raw) {
  return Array.isArray(raw) ? uniqueList(raw.slice(0, 64), 64, normalizeParam, 'name') : [];
}

export function normalizeMembers(raw) {
  return keptList(raw, 1000, (m) => {
    if (!m || typeof m !== 'object') return null;
    const id = intId(m.id);
    if (id === null) return null;
    return { id, name: str(m.name, MAX_NAME), role: ROLES.has(m.role) ? m.role : 'student' };
  });
}

/**
 * A text in several languages, `{"en": "…", "zh-CN": "…"}` (the lesson's titles, summaries,
 * parameter labels): at most 8 languages, tags of letters, digits and dashes; null when none.
 */
export function normalizeTexts(raw, max = MAX_TEXT) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const out = {};
  let n = 0;
  for (const [k, v] of Object.entries(raw)) {
    if (n >= 8) break;
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/.test(k) || typeof v !== 'string') continue;
    const s = str(v, max);
    if (!s) continue;
    out[k] = s;
    n++;
  }
  return n ? out : null;
}

/** The optional `titles` and `summaries` of a lesson record, when it has them. */
function lessonTexts(l) {
  const out = {};
  const titles = normalizeTexts(l.titles, MAX_TEXT);
  const summaries = normalizeTexts(l.summaries, 1000);
  if (titles) out.titles = titles;
  if (summaries) out.summaries = summaries;
  return out;
}

export function normalizeLesson(raw) {
  const l = raw && typeof raw === 'object' ? raw : {};
  const gestures = Array.isArray(l.gestures) ? [...new Set(l.gestures.filter((g) => GESTURES.has(g)))] : [];
  return {
    id: str(l.id, MAX_NAME),
    title: str(l.title, MAX_TEXT),
    summary: str(l.summary, 1000),
    code: text(l.code),
    order: num(l.order, 0, -1e6, 1e6),
    gestures,
    ...lessonTexts(l),
    // Whether the lesson has a guide; absent from older servers (then the page asks anyway).
    ...(typeof l.guide === 'boolean' ? { guide: l.guide } : {}),
  };
}

/** Lobby entries from GET /api/lessons, in lobby order (by `order`, then as sent). */
export function normalizeLessonList(raw) {
  if (!Array.isArray(raw)) return [];
  const out = [];
  const seen = new Set();
  raw.slice(0, 256).forEach((l, index) => {
    if (!l || typeof l !== 'object') return;
    const id = roomToken(l.id);
    if (!id || seen.has(id)) return;
    seen.add(id);
    out.push({ id, title: str(l.title, MAX_TEXT) || id, summary: str(l.summary, 1000), ...lessonTexts(l), order: num(l.order, 1e6 + index, -1e9, 1e9), index });
  });
  out.sort((a, b) => a.order - b.order || a.index - b.index);
  return out.map(({ index, ...rest }) => rest);
}

/** Open rooms from GET /api/rooms. */
export function normalizeRoomList(raw) {
  return keptList(raw, 1000, (r) => {
    if (!r || typeof r !== 'object') return null;
    const id = roomToken(r.id);
    if (!id) return null;
    return { id, lesson: roomToken(r.lesson) || '', clients: Math.round(num(r.clients, 0, 0, 1e6)), shared: bool(r.shared) };
  });
}

/** Where code went wrong: `[{line, column, message, file?}]`, 1-based, at most 50. */
export function normalizeDiagnostics(raw) {
  return keptList(raw, 50, (d) => {
    if (!d || typeof d !== 'object') return null;
    const line = Math.round(num(d.line, 0, 0, 1e7));
    if (line < 1) return null;
    const out = { line, column: Math.max(1, Math.round(num(d.column, 1, 1, 1e7))), message: str(d.message, 500) || 'error' };
    // A lesson of several files names each problem's file; `line` is then that file's own.
    if (isFileName(d.file)) out.file = d.file;
    return out;
  });
}

function optionalControllerId(v) {
  return v === null || v === undefined ? null : intId(v);
}

// ---------------------------------------------------------------------------------------
// Server to client (JSON)

/**
 * Parses and validates one text message from the server. Returns a normalised message
 * object with a `type`, or null for anything malformed or unknown (ignored by the page).
 */
export function parseServerMessage(textData) {
  if (typeof textData !== 'string' || textData.length > 4_000_000) return null;
  let m;
  try {
    m = JSON.parse(textData);
  } catch {
    return null;
  }
  return validateServerMessage(m);
}

/**
 * A room's `timeline` (how far its recording reaches, the moment shown, live or not, the
 * speed), or null when the server sent none (an older server) or it is malformed.
 */
export function normalizeTimeline(raw) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const from = num(raw.from, 0, 0, 1e9);
  const to = Math.max(from, num(raw.to, from, 0, 1e9));
  return {
    from,
    to,
    at: Math.min(to, Math.max(from, num(raw.at, to, 0, 1e9))),
    start: num(raw.start, from, 0, 1e9),
    live: raw.live !== false,
    speed: num(raw.speed, 1, 0.1, 1),
    recording: raw.recording !== false,
  };
}

export function validateServerMessage(m) {
  if (!m || typeof m !== 'object' || Array.isArray(m) || typeof m.type !== 'string') return null;
  switch (m.type) {
    case 'welcome': {
      const bounds = m.bounds && typeof m.bounds === 'object' ? m.bounds : {};
      return {
        type: 'welcome',
        protocol: num(m.protocol, 1, 0, 1e6),
        room: roomToken(m.room) || '',
        code: roomToken(m.code),
        role: m.role === 'instructor' ? 'instructor' : 'student',
        key: typeof m.key === 'string' ? str(m.key, 256) : null,
        you: intId(m.you),
        lesson: normalizeLesson(m.lesson),
        bounds: { w: num(bounds.w, 375, 1, 1e5), h: num(bounds.h, 667, 1, 1e5) },
        rate: num(m.rate, 60, 1, 240),
        time: num(m.time, 0, 0, 1e9),
        items: normalizeItems(m.items),
        boundaries: normalizeBoundaries(m.boundaries),
        lines: normalizeLines(m.lines),
        params: normalizeParams(m.params),
        clients: Math.round(num(m.clients, 0, 0, 1e6)),
        members: normalizeMembers(m.members),
        paused: bool(m.paused),
        locked: bool(m.locked),
        controller: optionalControllerId(m.controller),
        timeline: normalizeTimeline(m.timeline),
        editor: optionalControllerId(m.editor),
        source: typeof m.source === 'string' ? text(m.source) : null,
      };
    }
    case 'code': {
      const bounds = m.bounds && typeof m.bounds === 'object' ? m.bounds : null;
      const out = {
        type: 'code',
        source: typeof m.source === 'string' ? text(m.source) : null,
        by: optionalControllerId(m.by),
        name: str(m.name, MAX_NAME),
      };
      if (Array.isArray(m.gestures)) out.gestures = [...new Set(m.gestures.filter((g) => GESTURES.has(g)))];
      if (bounds) out.bounds = { w: num(bounds.w, 375, 1, 1e5), h: num(bounds.h, 667, 1, 1e5) };
      return out;
    }
    case 'shared': {
      const member = intId(m.member);
      return member === null ? null : { type: 'shared', member, name: str(m.name, MAX_NAME) };
    }
    case 'scene':
      return {
        type: 'scene',
        items: normalizeItems(m.items),
        boundaries: Array.isArray(m.boundaries) ? normalizeBoundaries(m.boundaries) : null,
      };
    case 'params':
      return { type: 'params', params: normalizeParams(m.params) };
    case 'event': {
      // A guide's feedback line names every measured clause: longer than other events' texts.
      const guided = GUIDE_EVENTS.has(m.name);
      const out = { type: 'event', name: str(m.name, MAX_NAME), text: str(m.text, guided ? MAX_GUIDE_TEXT : MAX_TEXT), item: intId(m.item) };
      if (typeof m.x === 'number' && typeof m.y === 'number' && Number.isFinite(m.x) && Number.isFinite(m.y)) {
        out.x = num(m.x);
        out.y = num(m.y);
      }
      if (guided) Object.assign(out, guideEventFields(m));
      if (!out.text && !out.name) return null;
      return out;
    }
    case 'progress':
      return normalizeProgress(m);
    case 'progress-csv':
      return typeof m.csv === 'string' && m.csv.length <= 2_000_000 ? { type: 'progress-csv', csv: m.csv } : null;
    case 'presence':
      return {
        type: 'presence',
        clients: Math.round(num(m.clients, 0, 0, 1e6)),
        members: Array.isArray(m.members) ? normalizeMembers(m.members) : null,
      };
    case 'room': {
      const out = { type: 'room' };
      if (typeof m.paused === 'boolean') out.paused = m.paused;
      if (typeof m.locked === 'boolean') out.locked = m.locked;
      if ('controller' in m) out.controller = optionalControllerId(m.controller);
      if ('editor' in m) out.editor = optionalControllerId(m.editor);
      if (typeof m.lesson === 'string') out.lesson = roomToken(m.lesson);
      if (m.role === 'instructor' || m.role === 'student') out.role = m.role;
      const timeline = normalizeTimeline(m.timeline);
      if (timeline) out.timeline = timeline;
      return out;
    }
    case 'overlays':
      return validateOverlaysMessage(m);
    case 'assist':
      return validateAssistMessage(m);
    case 'pong':
      return { type: 'pong', id: typeof m.id === 'number' || typeof m.id === 'string' ? m.id : null };
    case 'error': {
      const out = { type: 'error', code: str(m.code, MAX_NAME) || 'error', message: str(m.message, 500) };
      if (Array.isArray(m.diagnostics)) out.diagnostics = normalizeDiagnostics(m.diagnostics);
      return out;
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------
// Guides (docs/protocol.md, "Guides"): optional additions older servers never send

const GUIDE_EVENTS = new Set(['step-done', 'prediction', 'guide-step']);
const MAX_GUIDE_TEXT = 1000;
const MAX_MARKDOWN = 64 * 1024;
const STEP_ID = /^[a-z0-9_-]{1,32}$/;

/** A step id as guides write them (docs/guides.md), or null. */
export function stepId(v) {
  return typeof v === 'string' && STEP_ID.test(v) ? v : null;
}

/** `{"choice":N}` or `{"value":X}`, or null. */
export function normalizePrediction(raw) {
  if (!raw || typeof raw !== 'object') return null;
  if (Number.isInteger(raw.choice) && raw.choice >= 0 && raw.choice < 64) return { choice: raw.choice };
  if (typeof raw.value === 'number' && Number.isFinite(raw.value)) return { value: raw.value };
  return null;
}

/** The guide fields of `step-done`, `prediction` and `guide-step` events. */
function guideEventFields(m) {
  const out = { step: stepId(m.step), member: intId(m.member) };
  if ('value' in m) out.value = typeof m.value === 'number' && Number.isFinite(m.value) ? m.value : null;
  const prediction = normalizePrediction(m.prediction);
  if (prediction) out.prediction = prediction;
  const texts = normalizeTexts(m.texts, MAX_GUIDE_TEXT);
  if (texts) out.texts = texts;
  return out;
}

/** A `progress` roster: `{steps: [{id, done}], members: [{member, name, open, done, predictions}]}`. */
export function normalizeProgress(m) {
  const steps = (Array.isArray(m.steps) ? m.steps.slice(0, 64) : [])
    .map((s) => (s && stepId(s.id) ? { id: s.id, done: Math.round(num(s.done, 0, 0, 1e6)) } : null))
    .filter(Boolean);
  const members = (Array.isArray(m.members) ? m.members.slice(0, 1000) : [])
    .map((r) => {
      const member = r && intId(r.member);
      if (member === null || member === undefined) return null;
      const done = (Array.isArray(r.done) ? r.done.slice(0, 64) : [])
        .map((d) => (d && stepId(d.step) ? { step: d.step, value: typeof d.value === 'number' && Number.isFinite(d.value) ? d.value : null } : null))
        .filter(Boolean);
      const predictions = (Array.isArray(r.predictions) ? r.predictions.slice(0, 64) : [])
        .map((p) => (p && stepId(p.step) && normalizePrediction(p.prediction) ? { step: p.step, prediction: normalizePrediction(p.prediction) } : null))
        .filter(Boolean);
      return { member, name: str(r.name, MAX_NAME), open: stepId(r.open), done, predictions };
    })
    .filter(Boolean);
  return { type: 'progress', steps, members };
}

function normalizeGuidePrediction(raw) {
  if (!raw || typeof raw !== 'object') return null;
  const question = str(raw.question, 300);
  if (raw.kind === 'choice' && Array.isArray(raw.choices)) {
    const choices = raw.choices.slice(0, 8).map((c) => str(c, 300));
    return choices.length >= 2 ? { question, kind: 'choice', choices } : null;
  }
  if (raw.kind === 'number') return { question, kind: 'number', unit: str(raw.unit, 32) };
  return null;
}

/**
 * A guide from `GET /api/lessons/<id>/guide`: `{lesson, lang, languages, intro, steps: [{id,
 * title, text, hints, prediction}]}` with its Markdown kept as text (rendered later, raw HTML
 * off); null when malformed.
 */
export function normalizeGuide(raw) {
  if (!raw || typeof raw !== 'object' || !Array.isArray(raw.steps)) return null;
  const seen = new Set();
  const steps = [];
  for (const s of raw.steps.slice(0, 20)) {
    const id = s && stepId(s.id);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    steps.push({
      id,
      title: str(s.title, 300) || id,
      text: text(s.text, MAX_MARKDOWN),
      hints: (Array.isArray(s.hints) ? s.hints.slice(0, 6) : []).filter((h) => typeof h === 'string').map((h) => text(h, 4000)),
      prediction: normalizeGuidePrediction(s.prediction),
    });
  }
  return {
    lesson: str(raw.lesson, MAX_NAME),
    lang: str(raw.lang, 16),
    languages: Array.isArray(raw.languages) ? raw.languages.filter((l) => typeof l === 'string').slice(0, 16).map((l) => str(l, 16)) : [],
    intro: text(raw.intro, MAX_MARKDOWN),
    steps,
  };
}

/** The guide's language for the page's: `zh-CN` → `zh` (the guides' file names), else as is. */
export function guideLanguage(pageLang) {
  return String(pageLang || 'en').split('-')[0].toLowerCase();
}

// ---------------------------------------------------------------------------------------
// Binary state frames

/**
 * Decodes one binary state frame (ArrayBuffer, a typed array or a DataView). Returns
 * `{seq, time, paused, items: [{id, alpha, atRest, hidden, x, y, angle}], lines: [[x1, y1, x2, y2]]}`
 * or null when the frame is of another kind, truncated, or holds non-finite numbers.
 */
export function decodeFrame(data) {
  let view;
  if (data instanceof ArrayBuffer) view = new DataView(data);
  else if (ArrayBuffer.isView(data)) view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  else return null;
  if (view.byteLength < FRAME_HEADER_BYTES) return null;
  if (view.getUint8(0) !== FRAME_KIND_STATE) return null;
  const flags = view.getUint8(1);
  const itemCount = view.getUint16(2, true);
  const lineCount = view.getUint16(4, true);
  const need = FRAME_HEADER_BYTES + itemCount * FRAME_ITEM_BYTES + lineCount * FRAME_LINE_BYTES;
  if (view.byteLength < need) return null;
  const seq = view.getUint32(8, true);
  const time = view.getFloat32(12, true);
  if (!Number.isFinite(time)) return null;
  const items = new Array(itemCount);
  let o = FRAME_HEADER_BYTES;
  for (let i = 0; i < itemCount; i++, o += FRAME_ITEM_BYTES) {
    const iflags = view.getUint8(o + 3);
    const x = view.getFloat32(o + 4, true);
    const y = view.getFloat32(o + 8, true);
    const angle = view.getFloat32(o + 12, true);
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(angle)) return null;
    items[i] = {
      id: view.getUint16(o, true),
      alpha: view.getUint8(o + 2) / 255,
      atRest: (iflags & 1) !== 0,
      hidden: (iflags & 2) !== 0,
      x,
      y,
      angle,
    };
  }
  const lines = new Array(lineCount);
  for (let i = 0; i < lineCount; i++, o += FRAME_LINE_BYTES) {
    const l = [view.getFloat32(o, true), view.getFloat32(o + 4, true), view.getFloat32(o + 8, true), view.getFloat32(o + 12, true)];
    if (!l.every(Number.isFinite)) return null;
    lines[i] = l;
  }
  return { seq, time, paused: (flags & 1) !== 0, past: (flags & 2) !== 0, items, lines };
}

/** Encodes a state frame (the inverse of decodeFrame); used by tests and the mock server. */
export function encodeFrame({ seq = 0, time = 0, paused = false, past = false, items = [], lines = [] }) {
  const buf = new ArrayBuffer(FRAME_HEADER_BYTES + items.length * FRAME_ITEM_BYTES + lines.length * FRAME_LINE_BYTES);
  const v = new DataView(buf);
  v.setUint8(0, FRAME_KIND_STATE);
  v.setUint8(1, (paused ? 1 : 0) | (past ? 2 : 0));
  v.setUint16(2, items.length, true);
  v.setUint16(4, lines.length, true);
  v.setUint16(6, 0, true);
  v.setUint32(8, seq >>> 0, true);
  v.setFloat32(12, time, true);
  let o = FRAME_HEADER_BYTES;
  for (const it of items) {
    v.setUint16(o, it.id, true);
    v.setUint8(o + 2, Math.round(Math.max(0, Math.min(1, it.alpha ?? 1)) * 255));
    v.setUint8(o + 3, (it.atRest ? 1 : 0) | (it.hidden ? 2 : 0));
    v.setFloat32(o + 4, it.x, true);
    v.setFloat32(o + 8, it.y, true);
    v.setFloat32(o + 12, it.angle ?? 0, true);
    o += FRAME_ITEM_BYTES;
  }
  for (const l of lines) {
    for (let k = 0; k < 4; k++) v.setFloat32(o + 4 * k, l[k], true);
    o += FRAME_LINE_BYTES;
  }
  return buf;
}

// ---------------------------------------------------------------------------------------
// Client to server

/** Rounds a coordinate to 1/100 point: plenty for a finger, and short on the wire. */
function pt(v) {
  return Math.round(v * 100) / 100;
}

export const PAN_PHASES = Object.freeze(['began', 'changed', 'ended', 'cancelled']);
export const CONTROL_ACTIONS = Object.freeze([
  'pause', 'resume', 'step', 'lock', 'unlock', 'give', 'edit', 'show', 'lesson', 'overlay', 'speed', 'seek', 'play',
  'live', 'guide-step', 'guide-csv',
]);

export const msg = Object.freeze({
  tap: (x, y) => ({ type: 'tap', x: pt(x), y: pt(y) }),
  pan: (phase, x, y) => {
    if (!PAN_PHASES.includes(phase)) throw new RangeError(`unknown pan phase ${phase}`);
    return { type: 'pan', phase, x: pt(x), y: pt(y) };
  },
  push: (x, y, dx, dy) => {
    const m = { type: 'push', x: pt(x), y: pt(y) };
    if (Number.isFinite(dx) && Number.isFinite(dy)) {
      m.dx = pt(dx);
      m.dy = pt(dy);
    }
    return m;
  },
  reset: () => ({ type: 'reset' }),
  set: (param, value) => ({ type: 'set', param: String(param), value: Number(value) }),
  claim: (key) => ({ type: 'claim', key: String(key) }),
  control: (action, extra = {}) => {
    if (!CONTROL_ACTIONS.includes(action)) throw new RangeError(`unknown control action ${action}`);
    const m = { type: 'control', action };
    if (action === 'lesson') m.lesson = String(extra.lesson ?? '');
    if (action === 'guide-step') m.step = String(extra.step ?? '');
    if (action === 'give' || action === 'edit' || action === 'show') m.member = extra.member === null || extra.member === undefined ? null : Number(extra.member);
    if (action === 'speed') m.value = Math.min(1, Math.max(0.1, Number(extra.value)));
    if (action === 'seek') m.time = Math.max(0, Number(extra.time));
    if (action === 'step' && extra.ticks !== undefined) m.ticks = Math.round(Number(extra.ticks));
    if (action === 'overlay') {
      m.overlay = String(extra.overlay ?? '');
      m.on = extra.on === true;
    }
    return m;
  },
  ping: (id) => ({ type: 'ping', id }),
  code: (source) => ({ type: 'code', source: String(source) }),
  revert: () => ({ type: 'revert' }),
  share: (source) => ({ type: 'share', source: String(source) }),
  /** A prediction for a guide's step: `{choice: N}` or `{value: X}`. */
  prediction: (step, answer) => {
    const m = { type: 'prediction', step: String(step) };
    if (answer && 'choice' in answer) m.choice = Math.round(Number(answer.choice));
    else m.value = Number(answer && answer.value);
    return m;
  },
});

/** True when a message to send is well formed (finite numbers); the page never sends NaN. */
export function isSendable(m) {
  if (!m || typeof m !== 'object' || typeof m.type !== 'string') return false;
  for (const k of ['x', 'y', 'dx', 'dy', 'value', 'time', 'ticks', 'choice']) {
    if (k in m && !(typeof m[k] === 'number' && Number.isFinite(m[k]))) return false;
  }
  return true;
}

/** The WebSocket URL for a room (`room`) or a new room of a lesson (`lesson`). */
export function socketURL(location, { room = null, lesson = null, key = null, name = '' } = {}) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = new URLSearchParams();
  if (room) q.set('room', room);
  else if (lesson) q.set('lesson', lesson);
  // A class's key opens its room on whichever node nginx sends the code to (docs/scaling.md).
  if (room && key) q.set('key', str(key, 64));
  const n = str(name, 32).trim();
  if (n) q.set('name', n);
  return `${scheme}//${location.host}/ws?${q.toString()}`;
}
