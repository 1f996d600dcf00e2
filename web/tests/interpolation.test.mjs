import './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { FrameBuffer, lerp, lerpAngle } from '../js/interpolation.js';

const close = (a, b, eps = 1e-6, msg) => assert.ok(Math.abs(a - b) <= eps, msg || `${a} ≉ ${b} (±${eps})`);

/** A frame with one item (id 1) at x, y. */
function fr(seq, time, x, { y = 0, angle = 0, alpha = 1, paused = false, lines = [], extra = [] } = {}) {
  return { seq, time, paused, items: [{ id: 1, x, y, angle, alpha, hidden: false, atRest: false }, ...extra], lines };
}

/** Feeds frames of an item moving at `speed` points per second, one every 1/rate s. */
function stream(buf, { from = 0, to = 1, rate = 60, speed = 100, t0 = 100, latency = 0.02, jitter = () => 0, seq0 = 0, simStart = 0 } = {}) {
  const n = Math.round((to - from) * rate);
  for (let k = 0; k <= n; k++) {
    const sim = simStart + from + k / rate;
    buf.push(fr(seq0 + k, sim, sim * speed), t0 + from + k / rate + latency + jitter(k));
  }
}

describe('helpers', () => {
  test('lerp', () => {
    assert.equal(lerp(0, 10, 0.25), 2.5);
  });
  test('lerpAngle takes the shorter way round', () => {
    close(lerpAngle(0, 1, 0.5), 0.5);
    close(lerpAngle(3.1, -3.1, 0.5), Math.PI, 1e-3);
    close(lerpAngle(-3.1, 3.1, 0.5), -Math.PI, 1e-3);
    close(lerpAngle(0, 4 * Math.PI + 0.2, 1), 0.2);
  });
});

describe('FrameBuffer', () => {
  test('before any frame there is nothing to draw', () => {
    assert.equal(new FrameBuffer().sample(1), null);
  });

  test('the first frame is drawn at once', () => {
    const b = new FrameBuffer({ rate: 60 });
    assert.equal(b.push(fr(1, 5, 42), 10), 'first');
    const s = b.sample(10);
    assert.equal(s.items.get(1).x, 42);
    assert.equal(s.settled, true);
  });

  test('interpolates between the two frames around the render time', () => {
    const b = new FrameBuffer({ rate: 10, minDelay: 0.1, maxDelay: 0.1 });
    b.push(fr(1, 0, 0, { y: 10, angle: 0, alpha: 0 }), 100);
    b.push(fr(2, 0.1, 10, { y: 20, angle: 1, alpha: 1 }), 100.1);
    // Render time = now - offset(100) - delay(0.1) = 0.05 at now 100.15.
    const s = b.sample(100.15);
    close(s.time, 0.05);
    const it = s.items.get(1);
    close(it.x, 5);
    close(it.y, 15);
    close(it.angle, 0.5);
    close(it.alpha, 0.5);
    assert.equal(s.settled, false);
  });

  test('holds the newest state and never extrapolates when frames stop', () => {
    const b = new FrameBuffer({ rate: 60 });
    stream(b, { to: 0.5 });
    const last = b.newest.items[0].x;
    for (const now of [101, 105, 200]) {
      const s = b.sample(now);
      assert.equal(s.items.get(1).x, last);
      assert.equal(s.settled, true);
    }
  });

  test('steady motion renders at steady speed despite jittery arrival', () => {
    const b = new FrameBuffer({ rate: 60 });
    // Arrival jitter up to 12 ms on a 16.7 ms frame interval.
    const jit = [0, 0.012, 0.003, 0.009, 0.001, 0.011, 0.004, 0.0, 0.007, 0.012];
    const rate = 60;
    const frames = [];
    for (let k = 0; k <= 120; k++) frames.push({ sim: k / rate, at: 100 + k / rate + 0.02 + jit[k % jit.length] });
    let fi = 0;
    const xs = [];
    // Display at 144 Hz: sample between arrivals, pushing frames as they arrive.
    for (let now = 100.3; now < 101.9; now += 1 / 144) {
      while (fi < frames.length && frames[fi].at <= now) {
        b.push(fr(fi, frames[fi].sim, frames[fi].sim * 100), frames[fi].at);
        fi++;
      }
      xs.push(b.sample(now).items.get(1).x);
    }
    const steps = xs.slice(1).map((x, i) => x - xs[i]);
    const expected = 100 / 144;
    for (const d of steps) close(d, expected, expected * 0.05, `step ${d} vs ${expected}`);
  });

  test('render time never runs backwards', () => {
    const b = new FrameBuffer({ rate: 60 });
    let prev = -Infinity;
    const late = new Set([10, 11, 30]);
    for (let k = 0; k < 90; k++) {
      const at = 100 + k / 60 + (late.has(k) ? 0.2 : 0.01);
      b.push(fr(k, k / 60, k), at);
      const s = b.sample(at + 0.001);
      assert.ok(s.time >= prev, `frame ${k}: ${s.time} < ${prev}`);
      prev = s.time;
    }
  });

  test('the delay stays small: render time trails the newest frame by about 1.5 frames', () => {
    const b = new FrameBuffer({ rate: 60 });
    stream(b, { to: 2 });
    const newest = b.newest;
    const s = b.sample(newest.arrival);
    const lag = newest.time - s.time;
    assert.ok(lag > 0.02 && lag < 0.06, `lag ${lag}`);
  });

  test('a lesson started again (time runs backwards) restarts the timeline at once', () => {
    const b = new FrameBuffer({ rate: 60 });
    stream(b, { to: 1, speed: 100 });
    assert.equal(b.push(fr(61, 0, 7), 101.05), 'reset');
    const s = b.sample(101.05);
    assert.equal(s.items.get(1).x, 7);
    assert.equal(b.size, 1);
    // And then it animates again from the new timeline.
    b.push(fr(62, 1 / 60, 8), 101.05 + 1 / 60);
    b.push(fr(63, 2 / 60, 9), 101.05 + 2 / 60);
    const later = b.sample(101.05 + 2 / 60 + 0.005);
    assert.ok(later.items.get(1).x > 7 && later.items.get(1).x <= 9);
  });

  test('after a rest with the clock running, the next move plays as one frame step, not a slow slide', () => {
    const b = new FrameBuffer({ rate: 60 });
    stream(b, { to: 0.5, speed: 0 }); // at rest at x = 0, sim 0 … 0.5
    b.sample(100.6);
    // Five seconds later (sim and wall), a tap starts motion.
    assert.equal(b.push(fr(40, 5.5, 0), 105.52), 'gap');
    b.push(fr(41, 5.5 + 1 / 60, 10), 105.52 + 1 / 60);
    b.push(fr(42, 5.5 + 2 / 60, 20), 105.52 + 2 / 60);
    // Right at the first frame after the rest, the item is still where it rested.
    assert.equal(b.sample(105.52).items.get(1).x, 0);
    // Within ~3 frame intervals it has moved.
    const s = b.sample(105.52 + 3 / 60);
    assert.ok(s.items.get(1).x > 0, `x ${s.items.get(1).x}`);
  });

  test('after a pause (clock stopped, frames resume later), motion is smooth, not a hold-and-jump', () => {
    const b = new FrameBuffer({ rate: 60 });
    stream(b, { to: 1, speed: 60 }); // x = 60 * sim
    b.sample(101.1);
    // Paused for 10 s: simulation time stays at 1.0; frames resume at sim 1 + 1/60.
    const resumeAt = 111.02;
    let k = 0;
    const seen = [];
    for (let now = resumeAt; now < resumeAt + 0.5; now += 1 / 120) {
      while (resumeAt + k / 60 <= now) {
        const sim = 1 + (k + 1) / 60;
        b.push(fr(61 + k, sim, sim * 60), resumeAt + k / 60);
        k++;
      }
      seen.push(b.sample(now).items.get(1).x);
    }
    // Monotonic, and no step larger than two frames' motion (1 point per frame at 60 pt/s).
    for (let i = 1; i < seen.length; i++) {
      const d = seen[i] - seen[i - 1];
      assert.ok(d >= -1e-9, `went back ${d}`);
      assert.ok(d <= 2.01, `jumped ${d} at ${i}`);
    }
    assert.ok(seen[seen.length - 1] > 80, `caught up: ${seen[seen.length - 1]}`);
  });

  test('a paused frame at the same instant replaces the newest', () => {
    const b = new FrameBuffer({ rate: 60 });
    b.push(fr(1, 1, 5), 100);
    assert.equal(b.push(fr(2, 1, 5, { paused: true }), 100.5), 'replaced');
    assert.equal(b.size, 1);
    assert.equal(b.sample(100.5).paused, true);
  });

  test('duplicates are ignored; skipped sequence numbers are counted and spanned', () => {
    const b = new FrameBuffer({ rate: 60, minDelay: 0.05, maxDelay: 0.05 });
    b.push(fr(1, 0, 0), 100);
    assert.equal(b.push(fr(1, 0, 0), 100.001), 'duplicate');
    b.push(fr(5, 4 / 60, 40), 100 + 4 / 60);
    assert.equal(b.stats.skipped, 3);
    const s = b.sample(100 + 4 / 60 + 0.05 - 2 / 60);
    close(s.items.get(1).x, 20, 0.5);
  });

  test('items added or removed between frames: the newer frame decides what is drawn', () => {
    const b = new FrameBuffer({ rate: 10, minDelay: 0.1, maxDelay: 0.1 });
    b.push({ seq: 1, time: 0, items: [{ id: 1, x: 0, y: 0, angle: 0, alpha: 1 }, { id: 2, x: 5, y: 5, angle: 0, alpha: 1 }], lines: [] }, 100);
    b.push({ seq: 2, time: 0.1, items: [{ id: 1, x: 10, y: 0, angle: 0, alpha: 1 }, { id: 3, x: 7, y: 7, angle: 0, alpha: 1 }], lines: [] }, 100.1);
    const s = b.sample(100.15);
    assert.deepEqual([...s.items.keys()], [1, 3]);
    close(s.items.get(1).x, 5);
    assert.equal(s.items.get(3).x, 7);
  });

  test('lines interpolate when their count holds, else the newer set is drawn', () => {
    const b = new FrameBuffer({ rate: 10, minDelay: 0.1, maxDelay: 0.1 });
    b.push(fr(1, 0, 0, { lines: [[0, 0, 10, 10]] }), 100);
    b.push(fr(2, 0.1, 0, { lines: [[10, 0, 20, 10]] }), 100.1);
    const l = b.sample(100.15).lines;
    assert.equal(l.length, 1);
    [5, 0, 15, 10].forEach((v, k) => close(l[0][k], v, 1e-9));
    b.push(fr(3, 0.2, 0, { lines: [] }), 100.2);
    assert.deepEqual(b.sample(100.25).lines, []);
  });

  test('the buffer stays bounded over a long run', () => {
    const b = new FrameBuffer({ rate: 60 });
    for (let k = 0; k < 6000; k++) {
      b.push(fr(k, k / 60, k), 100 + k / 60 + 0.01);
      if (k % 3 === 0) b.sample(100 + k / 60 + 0.011);
    }
    assert.ok(b.size < 20, `size ${b.size}`);
  });

  test('a buffer that is never sampled is capped too', () => {
    const b = new FrameBuffer({ rate: 60 });
    for (let k = 0; k < 2000; k++) b.push(fr(k, k / 60, k), 100 + k / 60);
    assert.ok(b.size <= 240);
  });

  test('a network stall: the page holds, then catches up without a permanent extra delay', () => {
    const b = new FrameBuffer({ rate: 60 });
    stream(b, { to: 1 });
    // 400 ms stall: frames sim 1.0167 … 1.4 all arrive together at 101.42.
    for (let k = 1; k <= 24; k++) b.push(fr(60 + k, 1 + k / 60, (1 + k / 60) * 100), 101.42);
    b.sample(101.42);
    // Then normal flow again.
    for (let k = 25; k <= 60; k++) b.push(fr(60 + k, 1 + k / 60, (1 + k / 60) * 100), 100.02 + 1 + k / 60);
    const newest = b.newest;
    const lag = newest.time - b.sample(newest.arrival).time;
    assert.ok(lag < 0.08, `lag after stall ${lag}`);
  });

  test('clear forgets everything', () => {
    const b = new FrameBuffer();
    stream(b, { to: 0.2 });
    b.clear();
    assert.equal(b.size, 0);
    assert.equal(b.sample(200), null);
  });

  test('setRate sets the gap threshold and delay from the rate', () => {
    const b = new FrameBuffer({ rate: 20 });
    assert.equal(b.maxGap, 0.25);
    assert.ok(b.targetDelay >= 0.074 && b.targetDelay <= 0.076);
    b.setRate(5);
    assert.equal(b.maxGap, 0.8);
    b.setRate(-1);
    assert.equal(b.rate, 60);
  });
});
