import './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { GestureClassifier, KeyboardGestures, KEY_STEP, THRESHOLDS, gesturesFor, gestureHint, hintFor, DEFAULT_GESTURES, LESSON_HINTS } from '../js/gestures.js';

const bounds = { w: 375, h: 667 };
const mk = (g, o = {}) => new GestureClassifier(g, { scale: 1, bounds, ...o });
const P = (x, y, t, extra = {}) => ({ id: 1, x, y, t, pointerType: 'mouse', ...extra });

describe('tap lessons', () => {
  test('a quick still press is a tap at the press point', () => {
    const c = mk(['tap']);
    assert.deepEqual(c.down(P(100, 200, 0)), []);
    assert.deepEqual(c.move(P(103, 202, 50)), []);
    assert.deepEqual(c.up(P(104, 203, 120)), [{ type: 'tap', x: 100, y: 200 }]);
    assert.equal(c.busy, false);
  });

  test('moving past the slop is no tap', () => {
    const c = mk(['tap']);
    c.down(P(100, 200, 0));
    c.move(P(100 + THRESHOLDS.tapSlopPx + 1, 200, 50));
    assert.deepEqual(c.up(P(100 + THRESHOLDS.tapSlopPx + 1, 200, 100)), []);
  });

  test('touch gets a larger slop than a mouse', () => {
    const c = mk(['tap']);
    c.down(P(100, 200, 0, { pointerType: 'touch' }));
    assert.deepEqual(c.up(P(100 + 14, 200, 100)), [{ type: 'tap', x: 100, y: 200 }]);
    const m = mk(['tap']);
    m.down(P(100, 200, 0));
    assert.deepEqual(m.up(P(100 + 14, 200, 100)), []);
  });

  test('the slop is in CSS pixels: a zoomed-out stage needs less movement in points', () => {
    const c = mk(['tap'], { scale: 2 });
    c.down(P(100, 200, 0));
    assert.deepEqual(c.up(P(106, 200, 100)), []); // 6 points = 12 CSS px
    c.down(P(100, 200, 200));
    assert.equal(c.up(P(104, 200, 300)).length, 1); // 8 CSS px
  });

  test('a long press is no tap', () => {
    const c = mk(['tap']);
    c.down(P(100, 200, 0));
    assert.deepEqual(c.up(P(100, 200, THRESHOLDS.tapMaxMs + 1)), []);
  });

  test('a cancelled press sends nothing', () => {
    const c = mk(['tap']);
    c.down(P(100, 200, 0));
    assert.deepEqual(c.cancel({ id: 1 }), []);
    assert.deepEqual(c.up(P(100, 200, 10)), []);
  });

  test('a second pointer is ignored while one is down', () => {
    const c = mk(['tap']);
    c.down(P(100, 200, 0));
    assert.deepEqual(c.down({ id: 2, x: 10, y: 10, t: 5 }), []);
    assert.deepEqual(c.up({ id: 2, x: 10, y: 10, t: 20 }), []);
    assert.equal(c.up(P(100, 200, 40)).length, 1);
  });

  test('a press far outside the view is ignored; a near one is clamped to the edge', () => {
    const c = mk(['tap']);
    assert.deepEqual(c.down(P(-100, 200, 0)), []);
    assert.equal(c.busy, false);
    c.down(P(-10, 680, 0));
    assert.deepEqual(c.up(P(-10, 680, 50)), [{ type: 'tap', x: 0, y: 667 }]);
  });
});

describe('pan lessons', () => {
  test('began on press, changed on moves, ended on release', () => {
    const c = mk(['pan']);
    assert.deepEqual(c.down(P(10, 20, 0)), [{ type: 'pan', phase: 'began', x: 10, y: 20 }]);
    assert.deepEqual(c.move(P(15, 25, 20)), [{ type: 'pan', phase: 'changed', x: 15, y: 25 }]);
    assert.deepEqual(c.move(P(30, 40, 40)), [{ type: 'pan', phase: 'changed', x: 30, y: 40 }]);
    assert.deepEqual(c.up(P(30, 40, 60)), [{ type: 'pan', phase: 'ended', x: 30, y: 40 }]);
  });

  test('changed is throttled; the held-back position is flushed, and never lost at release', () => {
    const c = mk(['pan']);
    c.down(P(0, 0, 0));
    assert.equal(c.move(P(1, 1, 20)).length, 1);
    assert.deepEqual(c.move(P(2, 2, 25)), []);
    assert.deepEqual(c.move(P(3, 3, 30)), []);
    assert.deepEqual(c.flush(31), []); // interval not over yet
    assert.deepEqual(c.flush(36), [{ type: 'pan', phase: 'changed', x: 3, y: 3 }]);
    assert.deepEqual(c.flush(60), []);
    c.move(P(4, 4, 40));
    assert.deepEqual(c.up(P(4, 4, 41)), [
      { type: 'pan', phase: 'changed', x: 4, y: 4 },
      { type: 'pan', phase: 'ended', x: 4, y: 4 },
    ]);
  });

  test('a throttled stream stays at or under one message per interval', () => {
    const c = mk(['pan']);
    c.down(P(0, 0, 0));
    let sent = 0;
    for (let t = 1; t <= 1000; t += 4) sent += c.move(P(t / 10, 0, t)).length + c.flush(t).length;
    assert.ok(sent <= Math.ceil(1000 / THRESHOLDS.panIntervalMs) + 1, `${sent}`);
    assert.ok(sent >= 50);
  });

  test('cancel sends cancelled at the last position', () => {
    const c = mk(['pan']);
    c.down(P(0, 0, 0));
    c.move(P(50, 60, 20));
    assert.deepEqual(c.cancel({ id: 1 }), [{ type: 'pan', phase: 'cancelled', x: 50, y: 60 }]);
    assert.equal(c.busy, false);
    assert.deepEqual(c.cancel({ id: 1 }), []);
  });

  test('a drag beyond the view is clamped to its edge', () => {
    const c = mk(['pan']);
    c.down(P(300, 600, 0));
    assert.deepEqual(c.move(P(500, 900, 20)), [{ type: 'pan', phase: 'changed', x: 375, y: 667 }]);
  });

  test('with tap as well: still release is a tap; moving past the slop begins the pan at the press point', () => {
    const c = mk(['tap', 'pan']);
    assert.deepEqual(c.down(P(100, 100, 0)), []);
    assert.deepEqual(c.up(P(101, 100, 80)), [{ type: 'tap', x: 100, y: 100 }]);
    c.down(P(100, 100, 200));
    assert.deepEqual(c.move(P(105, 100, 210)), []);
    assert.deepEqual(c.move(P(130, 100, 230)), [
      { type: 'pan', phase: 'began', x: 100, y: 100 },
      { type: 'pan', phase: 'changed', x: 130, y: 100 },
    ]);
    assert.deepEqual(c.up(P(130, 100, 260)), [{ type: 'pan', phase: 'ended', x: 130, y: 100 }]);
  });
});

describe('push lessons', () => {
  test('a press pushes at once at the press point; a still release adds nothing', () => {
    const c = mk(['push']);
    assert.deepEqual(c.down(P(300, 100, 0)), [{ type: 'push', x: 300, y: 100 }]);
    assert.deepEqual(c.up(P(300, 100, 90)), []);
  });

  test('a fast swipe sends a second push with the swipe vector', () => {
    const c = mk(['push']);
    c.down(P(100, 500, 0));
    c.move(P(120, 450, 30));
    c.move(P(140, 400, 60));
    assert.deepEqual(c.up(P(160, 350, 90)), [{ type: 'push', x: 100, y: 500, dx: 60, dy: -150 }]);
  });

  test('a slow drag is not a swipe, nor is a fast flick shorter than the minimum', () => {
    const c = mk(['push']);
    c.down(P(100, 500, 0));
    for (let t = 100; t <= 2000; t += 100) c.move(P(100 + t / 40, 500, t));
    assert.deepEqual(c.up(P(150, 500, 2000)), []);
    c.down(P(100, 500, 3000));
    c.move(P(110, 500, 3010));
    assert.deepEqual(c.up(P(100 + THRESHOLDS.swipeMinPx - 1, 500, 3020)), []);
  });

  test('a drag that stops before release is not a swipe', () => {
    const c = mk(['push']);
    c.down(P(100, 500, 0));
    c.move(P(200, 500, 50));
    c.move(P(200, 500, 300));
    assert.deepEqual(c.up(P(200, 500, 400)), []);
  });

  test('pointer cancel on a push sends nothing more', () => {
    const c = mk(['push']);
    c.down(P(1, 1, 0));
    assert.deepEqual(c.cancel(), []);
  });
});

describe('lesson gestures', () => {
  test('the welcome list wins; else LESSONS.md; else tap', () => {
    assert.deepEqual(gesturesFor({ id: 'snap', gestures: ['pan'] }), ['pan']);
    assert.deepEqual(gesturesFor({ id: 'attachment', gestures: [] }), ['pan']);
    assert.deepEqual(gesturesFor({ id: 'push' }), ['push']);
    assert.deepEqual(gesturesFor({ id: 'hoop', gestures: ['bogus'] }), ['push']);
    assert.deepEqual(gesturesFor({ id: 'unknown' }), ['tap']);
    assert.deepEqual(gesturesFor(null), ['tap']);
  });

  test('every lesson of LESSONS.md has gestures', () => {
    for (const id of ['gravity', 'collision', 'attachment', 'spring', 'snap', 'push', 'properties', 'alert', 'race', 'barrier', 'drops', 'hoop', 'fields']) {
      assert.ok(DEFAULT_GESTURES[id].length > 0, id);
    }
  });

  test('hints', () => {
    assert.match(gestureHint(['push']), /push/i);
    assert.match(gestureHint(['pan']), /drag/i);
    assert.match(gestureHint(['tap']), /tap/i);
    assert.match(gestureHint(['tap', 'pan']), /drag/i);
    assert.equal(gestureHint([]), '');
  });

  test('lesson hints say what the gesture does, unless the server changed the gestures', () => {
    assert.match(hintFor({ id: 'snap' }, ['tap']), /snaps/);
    assert.match(hintFor({ id: 'drops' }, ['tap']), /block/);
    assert.equal(hintFor({ id: 'snap' }, ['pan']), gestureHint(['pan']));
    assert.equal(hintFor({ id: 'mystery' }, ['push']), gestureHint(['push']));
    assert.equal(hintFor(null, ['tap']), gestureHint(['tap']));
    for (const id of Object.keys(DEFAULT_GESTURES)) assert.ok(LESSON_HINTS.includes(id), id);
  });

  test('changing gestures drops a gesture in progress', () => {
    const c = mk(['pan']);
    c.down(P(1, 1, 0));
    c.setGestures(['tap']);
    assert.equal(c.busy, false);
  });
});

describe('the keyboard, on the pointer path', () => {
  const K = (key, extra = {}) => ({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...extra });
  const keys = (g) => {
    const c = mk(g);
    const k = new KeyboardGestures(c);
    k.reset(bounds);
    return k;
  };

  test('the cursor starts at the centre; arrows move it 10 pt, Shift 50 pt, inside the view', () => {
    const k = keys(['tap']);
    assert.deepEqual(k.cursor, { x: 187.5, y: 333.5, grabbing: false });
    assert.equal(k.key(K('ArrowRight'), 0).handled, true);
    assert.equal(k.x, 187.5 + KEY_STEP.normal);
    k.key(K('ArrowUp', { shiftKey: true }), 0);
    assert.equal(k.y, 333.5 - KEY_STEP.fast);
    for (let i = 0; i < 20; i++) k.key(K('ArrowLeft', { shiftKey: true }), 0);
    assert.equal(k.x, 0);
  });

  test('Enter taps at the cursor (a tap lesson)', () => {
    const k = keys(['tap']);
    k.key(K('ArrowDown'), 0);
    const r = k.key(K('Enter'), 10);
    assert.deepEqual(r.messages, [{ type: 'tap', x: 187.5, y: 343.5 }]);
  });

  test('Enter in a push lesson pushes from the cursor', () => {
    const k = keys(['push']);
    k.key(K('ArrowLeft', { shiftKey: true }), 0);
    assert.deepEqual(k.key(K('Enter'), 10).messages, [{ type: 'push', x: 137.5, y: 333.5 }]);
  });

  test('Space grabs, arrows drag, Space lets go: a pan as a pointer would send it', () => {
    const k = keys(['pan']);
    const grab = k.key(K(' '), 0);
    assert.equal(grab.action, 'grab');
    assert.deepEqual(grab.messages, [{ type: 'pan', phase: 'began', x: 187.5, y: 333.5 }]);
    assert.equal(k.cursor.grabbing, true);
    const move = k.key(K('ArrowRight', { shiftKey: true }), 100);
    assert.deepEqual(move.messages, [{ type: 'pan', phase: 'changed', x: 237.5, y: 333.5 }]);
    const drop = k.key(K(' '), 200);
    assert.equal(drop.action, 'release');
    assert.deepEqual(drop.messages.at(-1), { type: 'pan', phase: 'ended', x: 237.5, y: 333.5 });
    assert.equal(k.cursor.grabbing, false);
  });

  test('Escape cancels a grab', () => {
    const k = keys(['pan']);
    k.key(K(' '), 0);
    k.key(K('ArrowDown'), 50);
    const r = k.key(K('Escape'), 60);
    assert.equal(r.action, 'cancel');
    assert.deepEqual(r.messages, [{ type: 'pan', phase: 'cancelled', x: 187.5, y: 343.5 }]);
    assert.equal(k.key(K('Escape'), 70).handled, false, 'Escape without a grab is left to the page');
  });

  test('a tap and drag lesson: Space held still is a tap however long; moved, a pan', () => {
    const k = keys(['tap', 'pan']);
    k.key(K(' '), 0);
    assert.deepEqual(k.key(K(' '), 5000).messages, [{ type: 'tap', x: 187.5, y: 333.5 }]);
    k.key(K(' '), 6000);
    const moved = k.key(K('ArrowUp', { shiftKey: true }), 6100).messages;
    assert.equal(moved[0].phase, 'began');
  });

  test('a keyboard drag in a push lesson throws', () => {
    const k = keys(['push']);
    k.key(K(' '), 0);
    k.key(K('ArrowRight', { shiftKey: true }), 3000);
    const r = k.key(K(' '), 6000);
    assert.deepEqual(r.messages, [{ type: 'push', x: 187.5, y: 333.5, dx: 50, dy: 0 }]);
  });

  test('? asks for the keys, D for a description; a modifier leaves keys alone', () => {
    const k = keys(['tap']);
    assert.equal(k.key(K('?'), 0).action, 'help');
    assert.equal(k.key(K('d'), 0).action, 'describe');
    assert.equal(k.key(K('D'), 0).action, 'describe');
    assert.equal(k.key(K('Enter', { ctrlKey: true }), 0).handled, false);
    assert.equal(k.key(K('a'), 0).handled, false);
  });
});
