// Gesture classification: pointer samples in, protocol messages out. Pure (no DOM); the
// page's thin binding (bindPointer, at the bottom) feeds it Pointer Events.
//
// Each lesson takes the gestures LESSONS.md gives it (`lesson.gestures` in the welcome):
// - tap:  a press and release within TAP_SLOP CSS pixels of the press point (16 for touch,
//         whose contact point wanders more) and within TAP_MAX_MS → `tap` at the press point.
// - pan:  alone, `began` on press (the dragged thing jumps to the finger at once), `changed`
//         on moves (at most one per PAN_INTERVAL_MS; the last position is never dropped),
//         `ended` on release, `cancelled` on pointercancel or lost capture.
//         With tap as well, a press waits: moving past the slop begins the pan at the press
//         point; a still release is a tap.
// - push: `push` at the press point on press; on release, when the pointer travelled at
//         least SWIPE_MIN_PX and was still moving at SWIPE_MIN_SPEED or faster over the last
//         SWIPE_WINDOW_MS, a second `push` with the swipe vector `dx, dy` (release point minus
//         press point, in view points), at the press point.
// One pointer at a time: further pointers (a second finger) are ignored while one is down.
// Coordinates are reference-view points; thresholds are CSS pixels, converted with `scale`
// (CSS pixels per point) so a gesture feels the same at any zoom.

import { msg } from './protocol.js';
import { t } from './i18n.js';

export const THRESHOLDS = Object.freeze({
  tapSlopPx: 10,
  tapSlopTouchPx: 16,
  tapMaxMs: 700,
  panIntervalMs: 16,
  swipeMinPx: 24,
  swipeMinSpeed: 0.35, // CSS px per ms (350 px/s)
  swipeWindowMs: 100,
  outsideSlackPt: 24, // a press this far outside the view still counts (clamped to the edge)
});

/** The gestures of each lesson in LESSONS.md, for a welcome that does not list them. */
export const DEFAULT_GESTURES = Object.freeze({
  gravity: ['tap'],
  collision: ['tap'],
  attachment: ['pan'],
  spring: ['pan'],
  snap: ['tap'],
  push: ['push'],
  properties: ['tap'],
  alert: ['tap', 'pan'],
  race: ['tap'],
  barrier: ['tap'],
  drops: ['tap'],
  hoop: ['push'],
  fields: ['tap'],
});

/** The lesson's gestures: the welcome's list when it has one, else LESSONS.md's, else tap. */
export function gesturesFor(lesson) {
  const list = lesson && Array.isArray(lesson.gestures) ? lesson.gestures.filter((g) => g === 'tap' || g === 'pan' || g === 'push') : [];
  if (list.length) return list;
  return (lesson && DEFAULT_GESTURES[lesson.id]) || ['tap'];
}

/** The lessons of LESSONS.md whose gesture has its own hint in the catalogs (`gesture.lesson.<id>`). */
export const LESSON_HINTS = Object.freeze(Object.keys(DEFAULT_GESTURES));

/** The hint for a lesson: LESSONS.md's meaning when its gestures are the expected ones. */
export function hintFor(lesson, gestures) {
  const known = lesson && LESSON_HINTS.includes(lesson.id);
  const expected = lesson && DEFAULT_GESTURES[lesson.id];
  if (known && expected && expected.every((g) => gestures.includes(g))) return t(`gesture.lesson.${lesson.id}`);
  return gestureHint(gestures);
}

/** A short instruction for the lesson's gestures, shown under the stage. */
export function gestureHint(gestures) {
  const g = new Set(gestures);
  if (g.has('push')) return t('gesture.push');
  if (g.has('pan') && g.has('tap')) return t('gesture.tapDrag');
  if (g.has('pan')) return t('gesture.drag');
  if (g.has('tap')) return t('gesture.tap');
  return '';
}

export class GestureClassifier {
  /**
   * @param {string[]} gestures the lesson's gestures
   * @param {object} [o]
   * @param {number} [o.scale] CSS pixels per view point
   * @param {{w: number, h: number}} [o.bounds] the reference view, to clamp points into
   * @param {object} [o.thresholds] overrides of THRESHOLDS
   */
  constructor(gestures = ['tap'], { scale = 1, bounds = null, thresholds = {} } = {}) {
    this.t = { ...THRESHOLDS, ...thresholds };
    this.setGestures(gestures);
    this.scale = scale > 0 ? scale : 1;
    this.bounds = bounds;
    this.active = null;
  }

  setGestures(gestures) {
    this.gestures = new Set(gestures);
    this.active = null;
  }

  setScale(scale) {
    if (scale > 0) this.scale = scale;
  }

  setBounds(bounds) {
    this.bounds = bounds;
  }

  get busy() {
    return this.active !== null;
  }

  _clamp(x, y) {
    const b = this.bounds;
    if (!b) return { x, y };
    return { x: Math.min(b.w, Math.max(0, x)), y: Math.min(b.h, Math.max(0, y)) };
  }

  _outside(x, y) {
    const b = this.bounds;
    if (!b) return false;
    const s = this.t.outsideSlackPt;
    return x < -s || y < -s || x > b.w + s || y > b.h + s;
  }

  _distPx(a, b) {
    return Math.hypot(a.x - b.x, a.y - b.y) * this.scale;
  }

  /** A pointer went down: `{id, x, y, t, pointerType}` (view points, milliseconds). */
  down(e) {
    if (this.active) return [];
    if (this._outside(e.x, e.y)) return [];
    const p = this._clamp(e.x, e.y);
    const a = {
      id: e.id ?? 0,
      start: p,
      startT: e.t,
      last: p,
      lastT: e.t,
      samples: [{ x: p.x, y: p.y, t: e.t }],
      touch: e.pointerType === 'touch',
      keyboard: e.pointerType === 'keyboard',
      panning: false,
      sentT: -Infinity,
      pending: null,
    };
    this.active = a;
    const out = [];
    if (this.gestures.has('push')) out.push(msg.push(p.x, p.y));
    if (this.gestures.has('pan') && !this.gestures.has('tap')) {
      a.panning = true;
      a.sentT = e.t;
      out.push(msg.pan('began', p.x, p.y));
    }
    return out;
  }

  /** The active pointer moved. */
  move(e) {
    const a = this.active;
    if (!a || (e.id ?? 0) !== a.id) return [];
    const p = this._clamp(e.x, e.y);
    a.last = p;
    a.lastT = e.t;
    a.samples.push({ x: p.x, y: p.y, t: e.t });
    if (a.samples.length > 64) a.samples.splice(0, a.samples.length - 64);
    const out = [];
    if (!this.gestures.has('pan')) return out;
    if (!a.panning) {
      if (this._distPx(p, a.start) <= this._slop(a)) return out;
      a.panning = true;
      out.push(msg.pan('began', a.start.x, a.start.y));
      a.sentT = -Infinity;
    }
    if (e.t - a.sentT >= this.t.panIntervalMs) {
      a.sentT = e.t;
      a.pending = null;
      out.push(msg.pan('changed', p.x, p.y));
    } else {
      a.pending = p;
    }
    return out;
  }

  /** Sends a held-back pan position once its interval has passed (call once per frame). */
  flush(t) {
    const a = this.active;
    if (!a || !a.panning || !a.pending || t - a.sentT < this.t.panIntervalMs) return [];
    const p = a.pending;
    a.pending = null;
    a.sentT = t;
    return [msg.pan('changed', p.x, p.y)];
  }

  _slop(a) {
    return a.touch ? this.t.tapSlopTouchPx : this.t.tapSlopPx;
  }

  /** The swipe vector of the gesture (view points), or null when the release was not a swipe. */
  swipeOf(a, end, t) {
    if (this._distPx(end, a.start) < this.t.swipeMinPx) return null;
    // The keyboard's drag (Space, arrows, Space) throws when it went far enough.
    if (a.keyboard) return { dx: end.x - a.start.x, dy: end.y - a.start.y };
    // Speed over the last window: from the oldest sample still inside it to the release.
    const since = t - this.t.swipeWindowMs;
    let from = null;
    for (const s of a.samples) {
      if (s.t >= since) {
        from = s;
        break;
      }
    }
    if (!from) from = a.samples[a.samples.length - 1];
    const dt = Math.max(t - from.t, 8);
    const speed = this._distPx(end, from) / dt;
    if (speed < this.t.swipeMinSpeed) return null;
    return { dx: end.x - a.start.x, dy: end.y - a.start.y };
  }

  /** The active pointer went up. */
  up(e) {
    const a = this.active;
    if (!a || (e.id ?? 0) !== a.id) return [];
    this.active = null;
    const p = Number.isFinite(e.x) && Number.isFinite(e.y) ? this._clamp(e.x, e.y) : a.last;
    if (!(p.x === a.last.x && p.y === a.last.y)) a.samples.push({ x: p.x, y: p.y, t: e.t });
    const out = [];
    if (a.panning) {
      if (a.pending || p.x !== a.last.x || p.y !== a.last.y) out.push(msg.pan('changed', p.x, p.y));
      out.push(msg.pan('ended', p.x, p.y));
      return out;
    }
    if (this.gestures.has('tap')) {
      const still = this._distPx(p, a.start) <= this._slop(a);
      // A key held down has no speed to judge: a still release is a tap however long it took.
      if (still && (a.keyboard || e.t - a.startT <= this.t.tapMaxMs)) out.push(msg.tap(a.start.x, a.start.y));
    }
    if (this.gestures.has('push')) {
      const swipe = this.swipeOf(a, p, e.t);
      if (swipe) out.push(msg.push(a.start.x, a.start.y, swipe.dx, swipe.dy));
    }
    return out;
  }

  /** The active pointer was taken away (pointercancel, lost capture, window blur). */
  cancel(e = {}) {
    const a = this.active;
    if (!a || (e.id !== undefined && e.id !== a.id)) return [];
    this.active = null;
    if (a.panning) return [msg.pan('cancelled', a.last.x, a.last.y)];
    return [];
  }
}

/** How far an arrow key moves the keyboard cursor, in view points (with Shift: `fast`). */
export const KEY_STEP = Object.freeze({ normal: 10, fast: 50 });

const ARROWS = Object.freeze({ ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] });

/**
 * The stage's keyboard, on the pointer's path: a cursor in view points that the arrow keys move
 * (10 pt, Shift 50 pt); Enter presses and releases at the cursor (a tap; a push lesson pushes
 * from it; a drag lesson drags to it); Space presses (grabs), arrows then move the pointer,
 * Space again releases, Escape cancels. Every press, move and release goes through the same
 * GestureClassifier as the pointer's, so the lesson gets the messages a pointer would send.
 * `key(ev, t)` returns `{ handled, messages, action }`: `action` is 'help' (?), 'describe' (D),
 * 'grab', 'release', 'cancel' or 'move' (for the page to say), or null.
 */
export class KeyboardGestures {
  constructor(classifier) {
    this.classifier = classifier;
    this.x = null;
    this.y = null;
    this.grabbing = false;
  }

  /** Puts the cursor at the centre of `bounds` (a new lesson, a new view size). */
  reset(bounds) {
    if (this.grabbing) this.classifier.cancel();
    this.grabbing = false;
    this.bounds = bounds;
    this.x = bounds.w / 2;
    this.y = bounds.h / 2;
  }

  get cursor() {
    return this.x === null ? null : { x: this.x, y: this.y, grabbing: this.grabbing };
  }

  _at(t) {
    return { id: 'keyboard', x: this.x, y: this.y, t, pointerType: 'keyboard' };
  }

  /** Lets go of a grab (focus left the stage, the lesson changed): the messages to send. */
  cancel() {
    if (!this.grabbing) return [];
    this.grabbing = false;
    return this.classifier.cancel({ id: 'keyboard' });
  }

  key(ev, t) {
    const none = { handled: false, messages: [], action: null };
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return none;
    if (this.x === null) return none;
    const c = this.classifier;
    if (this.grabbing && !c.busy) this.grabbing = false; // the pointer's blur let go meanwhile
    if (ARROWS[ev.key]) {
      const [dx, dy] = ARROWS[ev.key];
      const step = ev.shiftKey ? KEY_STEP.fast : KEY_STEP.normal;
      const b = this.bounds || { w: Infinity, h: Infinity };
      this.x = Math.min(b.w, Math.max(0, this.x + dx * step));
      this.y = Math.min(b.h, Math.max(0, this.y + dy * step));
      const messages = this.grabbing ? [...c.move(this._at(t)), ...c.flush(t + c.t.panIntervalMs)] : [];
      return { handled: true, messages, action: 'move' };
    }
    if (ev.key === 'Enter') {
      if (this.grabbing) {
        this.grabbing = false;
        return { handled: true, messages: c.up(this._at(t)), action: 'release' };
      }
      if (c.busy) return { handled: true, messages: [], action: null };
      return { handled: true, messages: [...c.down(this._at(t)), ...c.up(this._at(t + 1))], action: 'tap' };
    }
    if (ev.key === ' ' || ev.key === 'Spacebar') {
      if (this.grabbing) {
        this.grabbing = false;
        return { handled: true, messages: c.up(this._at(t)), action: 'release' };
      }
      if (c.busy) return { handled: true, messages: [], action: null };
      const messages = c.down(this._at(t));
      this.grabbing = c.busy;
      return { handled: true, messages, action: this.grabbing ? 'grab' : null };
    }
    if (ev.key === 'Escape' && this.grabbing) {
      return { handled: true, messages: this.cancel(), action: 'cancel' };
    }
    if (ev.key === '?') return { handled: true, messages: [], action: 'help' };
    if (ev.key === 'd' || ev.key === 'D') return { handled: true, messages: [], action: 'describe' };
    return none;
  }
}

/**
 * Binds a classifier to a canvas with Pointer Events. `toView(clientX, clientY)` maps to
 * view points; `send(message)` gets every message; `enabled()` says whether gestures may be
 * sent now. Returns a function that unbinds. The canvas needs `touch-action: none` (CSS).
 */
export function bindPointer(canvas, classifier, { toView, send, enabled = () => true, now = () => performance.now() }) {
  const emit = (list) => {
    for (const m of list) send(m);
  };
  const at = (ev) => {
    const p = toView(ev.clientX, ev.clientY);
    return { id: ev.pointerId, x: p.x, y: p.y, t: now(), pointerType: ev.pointerType };
  };
  const onDown = (ev) => {
    if (ev.button !== undefined && ev.button > 0) return; // left button, touch, pen only
    if (!enabled() || classifier.busy) return;
    const out = classifier.down(at(ev));
    if (!classifier.busy) return;
    ev.preventDefault();
    try {
      canvas.setPointerCapture(ev.pointerId);
    } catch {
      /* capture is a nicety: a synthetic pointer may not be capturable */
    }
    emit(out);
  };
  const onMove = (ev) => {
    if (!classifier.busy) return;
    const samples = typeof ev.getCoalescedEvents === 'function' ? ev.getCoalescedEvents() : [];
    const last = samples.length ? samples[samples.length - 1] : ev;
    emit(classifier.move(at(last)));
  };
  const onUp = (ev) => {
    if (!classifier.busy) return;
    emit(classifier.up(at(ev)));
  };
  const onCancel = (ev) => emit(classifier.cancel({ id: ev.pointerId }));
  const onBlur = () => emit(classifier.cancel());
  const handlers = [
    [canvas, 'pointerdown', onDown],
    [canvas, 'pointermove', onMove],
    [canvas, 'pointerup', onUp],
    [canvas, 'pointercancel', onCancel],
    [canvas, 'lostpointercapture', onCancel],
    [window, 'blur', onBlur],
  ];
  for (const [target, type, f] of handlers) target.addEventListener(type, f);
  return () => {
    for (const [target, type, f] of handlers) target.removeEventListener(type, f);
  };
}
