// The overlay addition's pure parts: the wire (overlay frames, the request), the overlays'
// bookkeeping (timeline, trails, scale), the plot's series and energies, measuring.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { decodeOverlayFrame, encodeOverlayFrame, overlayRequest, validateOverlaysMessage } from '../js/overlay-protocol.js';
import { validateServerMessage, msg } from '../js/protocol.js';
import { OverlayTimeline, Trails, forceScale, neededData, niceBelow } from '../js/overlays.js';
import { PlotSeries, plotPoint } from '../js/plot.js';
import { Ruler, Stopwatch, pickItem, itemReadout } from '../js/measure.js';
import { subscriptionFor } from '../js/physics-view.js';

const frog = {
  id: 3,
  behaviors: ['gravity', 'collision'],
  velocity: { x: 1.5, y: -20 },
  angularVelocity: 0.25,
  mass: 1,
  forces: { gravity: { x: 0, y: 10 }, collision: { x: 0, y: -9.5 } },
};

test('an overlay frame round-trips every kind', () => {
  const buf = encodeOverlayFrame({
    seq: 42,
    time: 1.5,
    items: [frog],
    contacts: [{ item: 3, other: null, x: 10, y: 667, nx: 0, ny: -1, fx: 0, fy: -9.5 }],
    lines: [{ tension: 2.5, springEnergy: 0.125 }],
  });
  assert.equal(buf.byteLength, 16 + 4 + 16 + 16 + 28 + 8);
  const o = decodeOverlayFrame(buf);
  assert.equal(o.seq, 42);
  assert.equal(o.time, 1.5);
  assert.deepEqual([...o.kinds], ['velocity', 'forces', 'contacts']);
  const it = o.items.get(3);
  assert.deepEqual(it.behaviors, ['gravity', 'collision']);
  assert.deepEqual(it.velocity, { x: 1.5, y: -20 });
  assert.equal(it.mass, 1);
  assert.deepEqual(it.forces, frog.forces);
  assert.deepEqual(o.contacts, [{ item: 3, other: null, x: 10, y: 667, nx: 0, ny: -1, fx: 0, fy: -9.5 }]);
  assert.deepEqual(o.lines, [{ tension: 2.5, springEnergy: 0.125 }]);
});

test('a velocity-only frame has no forces, and truncated or non-finite frames are dropped', () => {
  const buf = encodeOverlayFrame({ seq: 1, time: 0.5, kinds: ['velocity'], items: [frog] });
  assert.equal(buf.byteLength, 16 + 4 + 16);
  const o = decodeOverlayFrame(buf);
  assert.deepEqual(o.items.get(3).forces, {});
  assert.equal(decodeOverlayFrame(buf.slice(0, buf.byteLength - 1)), null);
  const bad = new Uint8Array(buf.slice(0));
  new DataView(bad.buffer).setFloat32(20, NaN, true);
  assert.equal(decodeOverlayFrame(bad.buffer), null);
  // A state frame is not an overlay frame.
  bad[0] = 1;
  assert.equal(decodeOverlayFrame(bad.buffer), null);
});

test('the request, the instructor control and the overlays message', () => {
  assert.deepEqual(overlayRequest(['forces', 'velocity', 'bogus'], 500), { type: 'overlay', want: ['velocity', 'forces'], rate: 60 });
  assert.deepEqual(overlayRequest([]), { type: 'overlay', want: [] });
  assert.deepEqual(msg.control('overlay', { overlay: 'trails', on: true }), { type: 'control', action: 'overlay', overlay: 'trails', on: true });
  assert.deepEqual(validateServerMessage({ type: 'overlays', overlays: ['forces', 'x', 'trails'] }), { type: 'overlays', overlays: ['trails', 'forces'] });
  assert.deepEqual(validateOverlaysMessage({ type: 'overlays' }), { type: 'overlays', overlays: [] });
  assert.deepEqual(neededData(new Set(['trails'])), []);
  assert.deepEqual(neededData(new Set(['contacts', 'velocity'])), ['contacts', 'forces', 'velocity']);
  // The page's plot wants velocity and forces slowly; arrows make it every frame.
  assert.deepEqual(subscriptionFor(new Set()), { type: 'overlay', want: ['velocity', 'forces'], rate: 10 });
  assert.equal(subscriptionFor(new Set(['forces'])).rate, 60);
  assert.deepEqual(subscriptionFor(new Set(['contacts'])).want, ['velocity', 'forces', 'contacts']);
});

test('the timeline gives the frame of the drawn moment and forgets the future on a rewind', () => {
  const t = new OverlayTimeline();
  for (let i = 0; i < 10; i++) t.push({ time: i / 60, seq: i, items: new Map() });
  assert.equal(t.at(4.5 / 60).seq, 4);
  assert.equal(t.at(0.5).seq, 9);
  assert.equal(t.at(-1), null);
  const pushed = { time: 5 / 60, seq: 5, items: new Map([[1, { forces: { push: { x: 10, y: 0 } } }]]) };
  t.push(pushed);
  t.push({ time: 6 / 60, seq: 6, items: new Map([[1, { forces: {} }]]) });
  assert.equal(t.lastPush(6 / 60).frame, pushed);
  assert.ok(Math.abs(t.lastPush(6 / 60).age - 1 / 60) < 1e-9);
  assert.equal(t.lastPush(4 / 60), null);
  t.push({ time: 2 / 60, seq: 20, items: new Map() });
  assert.equal(t.newest.seq, 20);
  assert.equal(t.at(1).seq, 20);
});

test('trails keep the last seconds, skip still items and restart when time goes back', () => {
  const trails = new Trails(1);
  const at = (time, x) => ({ time, items: new Map([[1, { x, y: 0 }], [2, { x: 5, y: 5 }]]) });
  for (let i = 0; i <= 120; i++) trails.add(at(i / 60, i));
  const p = trails.paths.get(1);
  assert.ok(p.length >= 60 && p.length <= 62);
  assert.ok(p[0].t >= 1 - 1e-9);
  assert.equal(trails.paths.get(2).length, 1);
  trails.add(at(0.5, 3));
  assert.equal(trails.paths.get(1).length, 1);
});

test('the force scale draws the heaviest weight at most 60 points long, in nice numbers', () => {
  assert.equal(niceBelow(7), 5);
  assert.equal(niceBelow(0.3), 0.2);
  const o = { items: new Map([[1, { forces: { gravity: { x: 0, y: 10 }, collision: { x: 0, y: -400 } } }]]) };
  assert.equal(forceScale(o), 5);
  assert.equal(forceScale({ items: new Map([[1, { forces: { push: { x: 3, y: 4 } } }]]) }), 10);
  assert.equal(forceScale(null), 5);
});

test('plot points: kinetic, potential above the lowest edge, springs; a rewind drops the future', () => {
  const bounds = { w: 375, h: 667 };
  const p = plotPoint(2, { x: 100, y: 167 }, { velocity: { x: 0, y: 300 }, mass: 2, forces: { gravity: { x: 0, y: 20 } } }, bounds, 0.5);
  assert.equal(p.speed, 300);
  assert.ok(Math.abs(p.kinetic - 0.5 * 2 * 9) < 1e-9);
  // m g h: 20 N × 5 m above the bottom edge.
  assert.ok(Math.abs(p.potential - 100) < 1e-9);
  assert.ok(Math.abs(p.total - (9 + 100 + 0.5)) < 1e-9);
  // Sideways gravity measures towards the right edge.
  const side = plotPoint(0, { x: 275, y: 0 }, { velocity: { x: 0, y: 0 }, mass: 1, forces: { gravity: { x: 10, y: 0 } } }, bounds);
  assert.ok(Math.abs(side.potential - 10) < 1e-9);
  const s = new PlotSeries(1);
  for (let i = 0; i < 120; i++) s.add({ t: i / 60 });
  assert.ok(s.points[0].t >= 119 / 60 - 1 - 1e-9);
  s.add({ t: 1.5 });
  assert.equal(s.latest.t, 1.5);
  assert.ok(s.points.every((q) => q.t <= 1.5));
  s.pick(7);
  assert.equal(s.points.length, 0);
});

test('picking, the readout, the ruler and the stopwatch', () => {
  const items = [
    { id: 1, name: 'floor', w: 300, h: 40, shape: 'rect', x: 150, y: 600 },
    { id: 2, name: 'frog', w: 100, h: 100, shape: 'ellipse', x: 150, y: 560 },
  ];
  const positions = new Map([[2, { x: 150, y: 560, angle: 0 }]]);
  assert.equal(pickItem(items, positions, { x: 150, y: 560 }), 2);
  // Outside the frog's ellipse (its box's corner) but on the floor.
  assert.equal(pickItem(items, positions, { x: 105, y: 605 }), 1);
  assert.equal(pickItem(items, positions, { x: 5, y: 5 }), null);
  const rows = itemReadout(items[1], { x: 150, y: 560 }, frog);
  assert.deepEqual(rows.find((r) => r[0] === 'behaviours'), ['behaviours', 'gravity, collision']);
  assert.ok(rows.find((r) => r[0] === 'mass')[1].startsWith('1.00'));
  assert.ok(rows.find((r) => r[0] === 'force: gravity')[1].startsWith('10.00 N'));
  const ruler = new Ruler();
  ruler.a = { x: 0, y: 0 };
  ruler.b = { x: 30, y: 40 };
  assert.equal(ruler.length, 50);
  const watch = new Stopwatch();
  watch.start(1);
  watch.observe(1.5);
  watch.observe(0.2); // started again: time went back, nothing is lost
  watch.observe(0.7);
  watch.stop(0.9);
  watch.observe(5);
  assert.ok(Math.abs(watch.elapsed - 1.2) < 1e-9);
  assert.equal(watch.text, '1.20 s');
});
