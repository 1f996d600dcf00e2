// The page's model of one room: what the last `welcome` said, updated by `scene`, `params`,
// `presence`, `room` and `event` messages. `applyMessage` mutates the state and says what
// changed, so the page redraws only those parts. Pure (no DOM); the instructor key store
// takes any Storage-like object.

import { t, has, formatFixed, localized } from './i18n.js';
import { say } from './announce.js';

export const EVENT_LOG_LIMIT = 60;

export function createRoomState() {
  return {
    live: false,
    room: '',
    code: null,
    role: 'student',
    key: null,
    you: null,
    lesson: { id: '', title: '', summary: '', code: '', order: 0, gestures: [] },
    bounds: { w: 375, h: 667 },
    rate: 60,
    time: 0,
    items: [],
    boundaries: [],
    lines: [],
    params: [],
    clients: 0,
    members: [],
    paused: false,
    locked: false,
    controller: null,
    timeline: null,
    editor: null,
    // The code the room runs when not the lesson's own (null: `lesson.code` runs).
    source: null,
    // Members who sent the instructor their code to show (instructor's page only).
    shared: [],
    events: [],
    eventSeq: 0,
  };
}

/** The token that names the room in a URL: its short code when it has one, else its id. */
export function roomToken(state) {
  return state.code || state.room || '';
}

/** The member record for this page, if the server listed it. */
export function me(state) {
  return state.you === null ? null : state.members.find((m) => m.id === state.you) || null;
}

/** The code the room runs now: the edited source, or the lesson's own. */
export function runningCode(state) {
  return state.source ?? state.lesson.code ?? '';
}

/**
 * Whether this page may edit and run the room's code: never in a public lesson room (shared
 * with strangers: "Try it yourself" opens a room of one's own); in a class, the instructor
 * and the one member the instructor lets edit.
 */
export function canEditCode(state) {
  if (!state.code) return false;
  if (state.role === 'instructor') return true;
  return state.you !== null && state.editor === state.you;
}

/** Whether this page's gestures act now (a locked room takes only the instructor's and the controller's). */
export function canGesture(state) {
  if (!state.locked) return true;
  if (state.role === 'instructor') return true;
  return state.you !== null && state.controller === state.you;
}

/**
 * Applies one validated server message. Returns the set of parts that changed:
 * 'welcome', 'scene', 'params', 'presence', 'room', 'role', 'event', 'error'.
 */
export function applyMessage(state, m, now = 0) {
  const changed = new Set();
  switch (m.type) {
    case 'welcome': {
      const events = state.events;
      const eventSeq = state.eventSeq;
      const lessonChanged = state.lesson.id !== m.lesson.id;
      Object.assign(state, {
        live: true,
        room: m.room,
        code: m.code,
        role: m.role,
        key: m.key,
        you: m.you,
        lesson: m.lesson,
        bounds: m.bounds,
        rate: m.rate,
        time: m.time,
        items: m.items,
        boundaries: m.boundaries,
        lines: m.lines,
        params: m.params,
        clients: m.clients,
        members: m.members,
        paused: m.paused,
        locked: m.locked,
        controller: m.controller,
        timeline: m.timeline || null,
        editor: m.editor ?? null,
        source: m.source ?? null,
        shared: m.role === 'instructor' && state.room === m.room ? state.shared : [],
        events,
        eventSeq,
      });
      changed.add('welcome').add('scene').add('params').add('presence').add('room').add('role');
      if (lessonChanged) changed.add('lesson');
      break;
    }
    case 'scene':
      state.items = m.items;
      if (m.boundaries) state.boundaries = m.boundaries;
      changed.add('scene');
      break;
    case 'params': {
      // A params message may carry all parameters or only the changed ones.
      const byName = new Map(state.params.map((p) => [p.name, p]));
      let added = false;
      for (const p of m.params) {
        if (byName.has(p.name)) Object.assign(byName.get(p.name), p);
        else {
          state.params.push(p);
          added = true;
        }
      }
      changed.add(added ? 'params-layout' : 'params').add('params');
      break;
    }
    case 'presence':
      state.clients = m.clients;
      if (m.members) {
        state.members = m.members;
        state.shared = state.shared.filter((id) => m.members.some((x) => x.id === id));
        const mine = me(state);
        if (mine && mine.role !== state.role) {
          state.role = mine.role;
          changed.add('role');
        }
      }
      changed.add('presence');
      break;
    case 'room':
      if ('paused' in m) state.paused = m.paused;
      if ('locked' in m) state.locked = m.locked;
      if ('controller' in m) state.controller = m.controller;
      if (m.timeline) {
        state.timeline = m.timeline;
        changed.add('timeline');
      }
      if ('editor' in m) state.editor = m.editor;
      if (m.role && m.role !== state.role) {
        state.role = m.role;
        changed.add('role');
      }
      changed.add('room');
      break;
    case 'shared':
      if (!state.shared.includes(m.member)) state.shared.push(m.member);
      changed.add('presence');
      break;
    case 'code':
      state.source = m.source;
      state.lastCode = { source: m.source ?? null, name: m.name || '' };
      // The new code's own parameters follow in a `params`: the old ones may not apply.
      state.params = [];
      if (m.gestures) state.lesson = { ...state.lesson, gestures: m.gestures };
      if (m.bounds) state.bounds = m.bounds;
      changed.add('code');
      break;
    case 'event':
      pushEvent(state, { name: m.name, text: m.text || m.name, item: m.item, x: m.x, y: m.y, at: now, kind: 'event', member: m.member, texts: m.texts });
      // Room-state events also tell the state, for servers that send them alone.
      if (m.name === 'paused' || m.name === 'resumed') {
        state.paused = m.name === 'paused';
        changed.add('room');
      } else if (m.name === 'locked' || m.name === 'unlocked') {
        state.locked = m.name === 'locked';
        changed.add('room');
      }
      changed.add('event');
      break;
    case 'error':
      pushEvent(state, { name: m.code, text: errorText(m), error: m, item: null, at: now, kind: 'error' });
      changed.add('error').add('event');
      break;
    default:
      break;
  }
  return changed;
}

export function pushEvent(state, e) {
  state.eventSeq++;
  state.events.push({ ...e, seq: state.eventSeq });
  if (state.events.length > EVENT_LOG_LIMIT) state.events.splice(0, state.events.length - EVENT_LOG_LIMIT);
}

/**
 * A member's name as the page shows it: the server names someone who gave none `Guest 3`
 * (Sources/RoomServer Room.swift), which is said in the page's language.
 */
export function displayName(name) {
  const guest = /^Guest (\d+)$/.exec(name || '');
  if (guest) return t('members.guest', { number: guest[1] });
  return name || t('page.anonymous');
}

function memberName(state, id) {
  if (id === null || id === undefined) return null;
  const m = state.members.find((x) => x.id === id);
  return m ? displayName(m.name) : null;
}

/** Events whose whole text is the lesson code's own words (its labels, its `print` lines). */
export const CODE_TEXT_EVENTS = Object.freeze(['print', 'collision-began', 'collision-ended', 'tapped']);

/**
 * What an event says, language aside: `{key, vars, quote}`: `key` and `vars` the page's own
 * sentence in the catalog (by the event's name), `quote` what the lesson's code itself said (a
 * label's new text, a `print` line, a run-time error as the interpreter words it), shown as it
 * is. `state` is the room after the message (who has the gesture now, the code that runs): the
 * names are read once, so that the sentence can be said again in another language.
 */
export function eventWords(state, m) {
  const num = (re) => {
    const found = re.exec(m.text || '');
    return found ? formatFixed(Number(found[1]), found[1].includes('.') ? Math.min(2, found[1].split('.')[1].length) : 0) : '';
  };
  switch (m.name) {
    case 'given': {
      const who = memberName(state, state.controller);
      return who ? { key: 'event.given', vars: { name: who } } : { key: 'event.givenBack' };
    }
    case 'editor': {
      const who = memberName(state, state.editor);
      return who ? { key: 'event.editor', vars: { name: who } } : { key: 'event.editorBack' };
    }
    case 'code': {
      const c = state.lastCode;
      return { key: c && c.source === null ? 'event.codeReverted' : 'event.codeRan', vars: { name: displayName(c && c.name) } };
    }
    case 'speed':
      return { key: 'event.speed', vars: { value: num(/([\d.]+)/) } };
    case 'branched':
      return { key: 'event.branched', vars: { time: num(/([\d.]+)/) } };
    case 'runtime-error':
      return { key: 'event.runtime-error', quote: m.text };
    // The guide's (docs/protocol.md, "Guides"): who met a step, with the room's feedback line.
    case 'step-done':
      return m.member === state.you
        ? { key: 'event.stepDoneYou', quote: m.text, quotes: m.texts }
        : { key: 'event.stepDone', vars: { name: memberName(state, m.member) || displayName('') }, quote: m.text, quotes: m.texts };
    case 'prediction':
      return { key: 'event.predictionTaken' };
    case 'guide-step':
      return { key: 'event.guideStep', vars: { n: num(/step\s+(\d+)/i) } };
    default:
      break;
  }
  if (CODE_TEXT_EVENTS.includes(m.name) || !has(`event.${m.name}`)) return { quote: m.text || m.name };
  return { key: `event.${m.name}` };
}

/** An entry of the event log in the page's language: `{text, quote}` (an error from its code). */
export function eventText(state, e) {
  if (e.kind === 'error') return { text: errorText(e.error || { code: e.name }) };
  if (!e.words) e.words = eventWords(state, e);
  const w = e.words;
  // A quote the room sent in several languages (`texts`) follows the page's.
  return { text: w.key ? say(w) : '', quote: w.quotes ? localized(w.quotes, w.quote) : w.quote };
}

/**
 * What the student reads for a refusal: from its `code`, in the page's language (the server's
 * `message` is an English sentence, not shown); a compile error names its first problem as the
 * compiler words it.
 */
export function errorText(m) {
  if (m.code === 'compile-error') {
    const d = (m.diagnostics || [])[0];
    if (d && d.file) return t('error.compileAtFile', { file: d.file, line: d.line, column: d.column, message: d.message });
    return d ? t('error.compileAt', { line: d.line, column: d.column, message: d.message }) : t('error.compile-error');
  }
  return has(`error.${m.code}`) ? t(`error.${m.code}`) : t('error.other', { code: m.code });
}

// ---------------------------------------------------------------------------------------
// The instructor's key, kept for the tab (sessionStorage) under the room's id and code.

const KEY_PREFIX = 'newtons.key.';

/**
 * Handles the key side of a `welcome`: an instructor's key is stored; a student's page
 * holding a stored key for this room gets it back to send as `claim`. Returns the key to
 * claim with, or null.
 */
export function keyAfterWelcome(storage, welcome) {
  if (!storage) return null;
  const names = [welcome.room, welcome.code].filter(Boolean);
  try {
    if (welcome.role === 'instructor') {
      if (welcome.key) for (const n of names) storage.setItem(KEY_PREFIX + n, welcome.key);
      return null;
    }
    for (const n of names) {
      const k = storage.getItem(KEY_PREFIX + n);
      if (k) return k;
    }
  } catch {
    /* storage may be disabled */
  }
  return null;
}

/** Keeps the instructor key of a room this page opened some other way (an uploaded recording). */
export function rememberKey(storage, room, key) {
  try {
    if (storage && room && key) storage.setItem(KEY_PREFIX + room, key);
  } catch {
    /* storage may be disabled */
  }
}

/** Forgets a refused key. */
export function forgetKey(storage, state) {
  if (!storage) return;
  try {
    for (const n of [state.room, state.code].filter(Boolean)) storage.removeItem(KEY_PREFIX + n);
  } catch {
    /* ignore */
  }
}

/** Whether a stored key exists for a room token (before connecting). */
export function hasKey(storage, token) {
  try {
    return !!(storage && token && storage.getItem(KEY_PREFIX + token));
  } catch {
    return false;
  }
}

/** Formats a parameter value for its step (0.05 → two decimals). */
export function formatValue(value, step) {
  const s = String(step);
  const dot = s.indexOf('.');
  let decimals = dot < 0 ? 0 : Math.min(4, s.length - dot - 1);
  if (/e-/.test(s)) decimals = Math.min(4, Number(s.split('e-')[1]) || 2);
  return formatFixed(Number(value), decimals);
}

/** Snaps a slider value to its parameter's range and step (no float dust). */
export function snapValue(value, p) {
  const v = Math.min(p.max, Math.max(p.min, Number(value)));
  if (!(p.step > 0)) return v;
  const k = Math.round((v - p.min) / p.step);
  const snapped = Math.min(p.max, p.min + k * p.step);
  return Number(snapped.toFixed(10));
}
