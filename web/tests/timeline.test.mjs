import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTime, formatSpeed, nextSpeed, timelineModel, timeAt, describe, SPEEDS } from '../js/timeline.js';
import { normalizeTimeline, decodeFrame, encodeFrame, msg, isSendable } from '../js/protocol.js';

const tl = (o = {}) => normalizeTimeline({ from: 0, to: 20, at: 20, start: 5, live: true, speed: 1, recording: true, ...o });

test('times read as m:ss.t, and h:mm:ss past an hour', () => {
  assert.equal(formatTime(0), '0:00.0');
  assert.equal(formatTime(65.34), '1:05.3');
  assert.equal(formatTime(3725), '1:02:05');
  assert.equal(formatTime(NaN), '0:00.0');
  assert.equal(formatSpeed(0.25), '0.25×');
  assert.equal(formatSpeed(1), '1×');
});

test('slower and faster walk the speeds and stop at their ends', () => {
  assert.equal(nextSpeed(1, -1), 0.5);
  assert.equal(nextSpeed(0.5, -1), 0.25);
  assert.equal(nextSpeed(0.1, -1), 0.1);
  assert.equal(nextSpeed(0.1, +1), 0.25);
  assert.equal(nextSpeed(1, +1), 1);
  assert.equal(nextSpeed(0.3, -1), 0.25);
  assert.deepEqual([...SPEEDS], [0.1, 0.25, 0.5, 1]);
});

test('a live frame places the moment at start + time and stretches the reach', () => {
  const model = timelineModel(tl(), { time: 16, paused: false, past: false });
  assert.equal(model.at, 21);
  assert.equal(model.to, 21);
  assert.equal(model.live, true);
  assert.equal(model.playing, true);
  assert.equal(model.fraction, 1);
  assert.equal(model.replayFrom, 11);
});

test('a past frame is not live and does not stretch the reach', () => {
  const model = timelineModel(tl({ live: false, at: 10 }), { time: 5, paused: true, past: true });
  assert.equal(model.at, 10);
  assert.equal(model.to, 20);
  assert.equal(model.live, false);
  assert.equal(model.playing, false);
  assert.equal(model.fraction, 0.5);
  assert.equal(timeAt(model, 0.25), 5);
  assert.match(describe(model), /^Replay · paused · 0:10.0/);
});

test('a seek still on its way says where it is going; without one the model says null', () => {
  const timeline = { from: 0, to: 120, at: 30, start: 0, live: false, speed: 1, recording: true, seeking: 95.5 };
  const model = timelineModel(timeline, { time: 30, past: true, paused: true });
  assert.equal(model.seeking, 95.5);
  assert.match(describe(model), /^Replay · seeking 1:35.5 · 0:30.0/);
  const { seeking, ...older } = timeline;
  assert.equal(timelineModel(older, null).seeking, null);
});

test('no timeline (an older server) means no model; a malformed one is tamed', () => {
  assert.equal(timelineModel(null, null), null);
  assert.equal(normalizeTimeline('x'), null);
  const t = normalizeTimeline({ from: -5, to: 'a', at: 1e12, speed: 7, live: 0 });
  assert.equal(t.from, 0);
  assert.equal(t.to, 0);
  assert.equal(t.at, 0);
  assert.equal(t.speed, 1);
  assert.equal(t.live, true);
});

test('frames carry the past flag (bit 1) beside paused (bit 0)', () => {
  const f = decodeFrame(encodeFrame({ seq: 3, time: 1, paused: true, past: true, items: [] }));
  assert.equal(f.paused, true);
  assert.equal(f.past, true);
  assert.equal(decodeFrame(encodeFrame({ seq: 3, time: 1 })).past, false);
});

test('time controls are well-formed messages, clamped to what the server takes', () => {
  assert.deepEqual(msg.control('speed', { value: 0.01 }), { type: 'control', action: 'speed', value: 0.1 });
  assert.deepEqual(msg.control('seek', { time: -3 }), { type: 'control', action: 'seek', time: 0 });
  assert.deepEqual(msg.control('step', { ticks: -1 }), { type: 'control', action: 'step', ticks: -1 });
  assert.deepEqual(msg.control('step'), { type: 'control', action: 'step' });
  assert.deepEqual(msg.control('live'), { type: 'control', action: 'live' });
  assert.equal(isSendable(msg.control('seek', { time: NaN })), false);
});
