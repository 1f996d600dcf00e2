// What a screen reader hears of the stage: a polite live region (`[data-live-region]`) that
// says at most one sentence a second, in the page's language: a contact begins, a snap
// arrives, an item leaves the view, the class pauses or resumes, a step is done, code ran or
// failed. `describeScene` says, on demand (D), each item, where it is and how fast it moves.
// The watchers are pure (frames in, sentences out) and tested under node.

import { t, has, formatNumber } from './i18n.js';

/** The least time between two sentences (ms). */
export const ANNOUNCE_INTERVAL_MS = 1000;
/** Sentences waiting beyond this many drop the oldest (what happens now matters most). */
export const ANNOUNCE_QUEUE = 3;

/**
 * A throttled speaker: `say(text)` now when the last sentence is a second old, else queued;
 * `sayNow(text)` (the description the student asked for) replaces the queue.
 */
export class Announcer {
  constructor(region, { now = () => performance.now(), setTimer = (f, ms) => setTimeout(f, ms), clearTimer = (id) => clearTimeout(id) } = {}) {
    this.region = region;
    this.now = now;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    this.queue = [];
    this.last = -Infinity;
    this.timer = null;
    this.said = []; // the newest sentences said, for tests and tools (window.newtons.announced)
  }

  say(text) {
    if (!text) return;
    if (this.queue.includes(text)) return;
    this.queue.push(text);
    if (this.queue.length > ANNOUNCE_QUEUE) this.queue.shift();
    this._pump();
  }

  sayNow(text) {
    this.queue = [];
    this.last = -Infinity;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.say(text);
  }

  _pump() {
    if (this.timer !== null || !this.queue.length) return;
    const wait = this.last + ANNOUNCE_INTERVAL_MS - this.now();
    if (wait > 0) {
      this.timer = this.setTimer(() => {
        this.timer = null;
        this._pump();
      }, wait);
      return;
    }
    const text = this.queue.shift();
    this.last = this.now();
    // A fresh text node, so that a sentence said twice is still a change to the region.
    if (this.region) this.region.textContent = text;
    this.said.push(text);
    if (this.said.length > 20) this.said.shift();
    if (this.queue.length) this._pump();
  }
}

/** An item's name in the page's language: `frog` → 青蛙; an unknown name as the lesson says it. */
export function itemName(name, id) {
  const n = String(name || '').trim();
  if (!n) return t('item.item', { id });
  // The lessons' names (Sources/Lessons LessonViewNames): `frog`, `frog label`, `positive 3`.
  const [, base, number] = /^(.*?)(?:\s+(\d+))?$/.exec(n);
  const key = `item.${base.toLowerCase().replace(/\s+/g, '-')}`;
  if (!has(key)) return n;
  return number ? `${t(key)} ${number}` : t(key);
}

/**
 * The view edge an item touches (within `slack` points: a frame at 60 a second may lag a fast
 * fall by that much), or null: 'bottom', 'top', 'left', 'right'.
 */
export function edgeOf(pos, size, bounds, slack = 12) {
  const hw = (size.w || 0) / 2;
  const hh = (size.h || 0) / 2;
  const gaps = [
    ['bottom', bounds.h - (pos.y + hh)],
    ['top', pos.y - hh],
    ['left', pos.x - hw],
    ['right', bounds.w - (pos.x + hw)],
  ].filter(([, g]) => g <= slack);
  if (!gaps.length) return null;
  gaps.sort((a, b) => a[1] - b[1]);
  return gaps[0][0];
}

/** Which ninth of the view a point is in: 'top-left' … 'centre' … 'bottom-right'. */
export function regionOf(p, bounds) {
  const col = p.x < bounds.w / 3 ? 'left' : p.x > (2 * bounds.w) / 3 ? 'right' : '';
  const row = p.y < bounds.h / 3 ? 'top' : p.y > (2 * bounds.h) / 3 ? 'bottom' : '';
  return row && col ? `${row}-${col}` : row || col || 'centre';
}

/** The compass word of a velocity (y down): 'up', 'down-left', … */
export function directionOf(vx, vy) {
  const a = Math.atan2(vy, vx); // 0 right, π/2 down
  const names = ['right', 'down-right', 'down', 'down-left', 'left', 'up-left', 'up', 'up-right'];
  return names[((Math.round(a / (Math.PI / 4)) % 8) + 8) % 8];
}

const inView = (s, bounds) => s.x >= 0 && s.y >= 0 && s.x <= bounds.w && s.y <= bounds.h;

/**
 * Each item in a sentence: where it is, and how fast it moves (from the two newest frames).
 * `items` are the descriptors (`{id, name, w, h}`), `frame` and `before` state frames.
 */
export function describeScene(items, frame, before, bounds) {
  const positions = new Map(frame ? frame.items.map((s) => [s.id, s]) : []);
  const earlier = new Map(before ? before.items.map((s) => [s.id, s]) : []);
  const dt = frame && before ? frame.time - before.time : 0;
  const out = [];
  for (const d of items) {
    const s = positions.get(d.id) || d;
    if (s.hidden || d.hidden || !(s.alpha === undefined || s.alpha > 0.05)) continue;
    const p = earlier.get(d.id);
    let motion = t('say.still');
    if (p && dt > 0) {
      const vx = (s.x - p.x) / dt;
      const vy = (s.y - p.y) / dt;
      const speed = Math.hypot(vx, vy);
      if (speed >= 1) motion = t('say.moving', { direction: t(`say.dir.${directionOf(vx, vy)}`), speed: formatNumber(Math.round(speed)) });
    }
    const where = inView(s, bounds) ? t(`say.where.${regionOf(s, bounds)}`) : t('say.offView');
    out.push(t('say.describeItem', { item: itemName(d.name, d.id), where, x: formatNumber(Math.round(s.x)), y: formatNumber(Math.round(s.y)), motion }));
  }
  return out.length ? out.join(' ') : t('say.empty');
}

/**
 * A contact, language aside: `{key, vars}` with the item's name as the lesson gives it and the
 * view edge it touches (from its position), so that it can be said in any language (`say`).
 */
export function contactWords(item, pos, bounds, slack = 12) {
  if (!item) return { key: 'say.hitSomething' };
  const edge = pos ? edgeOf(pos, item, bounds, slack) : null;
  const vars = { item: item.name, id: item.id };
  return edge ? { key: 'say.hitEdge', vars: { ...vars, edge } } : { key: 'say.hit', vars };
}

/** `{key, vars}` in the page's language: an `item` name and an `edge` are said in it too. */
export function say(words) {
  const v = { ...(words.vars || {}) };
  if ('item' in v) v.item = itemName(v.item, v.id);
  if (v.edge) v.edge = t(`say.edge.${v.edge}`);
  return t(words.key, v);
}

/** A contact in words: "The frog hit the bottom edge" (the item's position, when it touches one). */
export function contactSentence(item, pos, bounds) {
  return say(contactWords(item, pos, bounds));
}

/**
 * Watches the frames for what is not sent as an event: an item leaving the view, and a snap
 * arriving (an item coming to rest on the point the page last tapped in a snap lesson).
 * `frame(f, items, bounds)` returns the sentences to say.
 */
export class SceneWatcher {
  constructor() {
    this.clear();
  }

  clear() {
    this.inside = new Map();
    this.prev = new Map();
    this.snapTarget = null;
  }

  /** A tap was sent in a snap lesson: the next item to settle there snapped. */
  expectSnap(x, y) {
    this.snapTarget = { x, y };
  }

  frame(f, items, bounds) {
    const out = [];
    const byId = new Map(items.map((d) => [d.id, d]));
    for (const s of f.items) {
      const d = byId.get(s.id);
      if (!d || s.hidden) continue;
      const hw = (d.w || 0) / 2;
      const hh = (d.h || 0) / 2;
      // Wholly outside the view: its box past an edge.
      const outside = s.x + hw < 0 || s.y + hh < 0 || s.x - hw > bounds.w || s.y - hh > bounds.h;
      const was = this.inside.get(s.id);
      this.inside.set(s.id, !outside);
      if (was === true && outside) out.push(t('say.left', { item: itemName(d.name, d.id) }));
      const p = this.prev.get(s.id);
      this.prev.set(s.id, { x: s.x, y: s.y, time: f.time });
      const still = s.atRest || (p && f.time > p.time && Math.hypot(s.x - p.x, s.y - p.y) / (f.time - p.time) < 2);
      const target = this.snapTarget;
      if (target && still && Math.hypot(s.x - target.x, s.y - target.y) < 3) {
        this.snapTarget = null;
        out.push(t('say.snapped', { item: itemName(d.name, d.id) }));
      }
    }
    return out;
  }
}
