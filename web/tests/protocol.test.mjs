import './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  decodeFrame,
  encodeFrame,
  parseServerMessage,
  validateServerMessage,
  normalizeItem,
  normalizeLessonList,
  normalizeRoomList,
  normalizeParam,
  normalizeLines,
  msg,
  isSendable,
  socketURL,
  color,
  num,
  str,
  roomToken,
} from '../js/protocol.js';

function frameBytes({ seq = 7, time = 1.5, flags = 0, items = [], lines = [] } = {}) {
  const buf = new ArrayBuffer(16 + items.length * 16 + lines.length * 16);
  const v = new DataView(buf);
  v.setUint8(0, 1);
  v.setUint8(1, flags);
  v.setUint16(2, items.length, true);
  v.setUint16(4, lines.length, true);
  v.setUint32(8, seq, true);
  v.setFloat32(12, time, true);
  let o = 16;
  for (const it of items) {
    v.setUint16(o, it.id, true);
    v.setUint8(o + 2, it.alpha);
    v.setUint8(o + 3, it.flags);
    v.setFloat32(o + 4, it.x, true);
    v.setFloat32(o + 8, it.y, true);
    v.setFloat32(o + 12, it.angle, true);
    o += 16;
  }
  for (const l of lines) {
    l.forEach((n, k) => v.setFloat32(o + 4 * k, n, true));
    o += 16;
  }
  return buf;
}

describe('decodeFrame', () => {
  test('reads the header, items and lines, little-endian', () => {
    const f = decodeFrame(
      frameBytes({
        seq: 4_000_000_000,
        time: 2.25,
        flags: 1,
        items: [
          { id: 3, alpha: 255, flags: 0, x: 187.5, y: 100.25, angle: -1.5 },
          { id: 65535, alpha: 0, flags: 3, x: -10, y: 700, angle: 3 },
        ],
        lines: [[1, 2, 3, 4]],
      }),
    );
    assert.equal(f.seq, 4_000_000_000);
    assert.equal(f.time, 2.25);
    assert.equal(f.paused, true);
    assert.equal(f.items.length, 2);
    assert.deepEqual(f.items[0], { id: 3, alpha: 1, atRest: false, hidden: false, x: 187.5, y: 100.25, angle: -1.5 });
    assert.equal(f.items[1].id, 65535);
    assert.equal(f.items[1].alpha, 0);
    assert.equal(f.items[1].atRest, true);
    assert.equal(f.items[1].hidden, true);
    assert.deepEqual(f.lines, [[1, 2, 3, 4]]);
  });

  test('an empty frame (no items, no lines) decodes', () => {
    const f = decodeFrame(frameBytes());
    assert.equal(f.items.length, 0);
    assert.equal(f.lines.length, 0);
    assert.equal(f.paused, false);
  });

  test('accepts typed arrays and views with an offset', () => {
    const raw = new Uint8Array(frameBytes({ items: [{ id: 1, alpha: 128, flags: 0, x: 5, y: 6, angle: 0 }] }));
    const padded = new Uint8Array(raw.length + 8);
    padded.set(raw, 8);
    const f = decodeFrame(new Uint8Array(padded.buffer, 8, raw.length));
    assert.equal(f.items[0].x, 5);
    assert.ok(Math.abs(f.items[0].alpha - 128 / 255) < 1e-9);
    assert.equal(decodeFrame(new DataView(raw.buffer)).items[0].y, 6);
  });

  test('rejects a truncated frame, another kind, non-finite numbers and non-buffers', () => {
    const good = frameBytes({ items: [{ id: 1, alpha: 1, flags: 0, x: 1, y: 1, angle: 0 }], lines: [[0, 0, 1, 1]] });
    assert.equal(decodeFrame(good.slice(0, good.byteLength - 1)), null);
    assert.equal(decodeFrame(good.slice(0, 10)), null);
    const other = new Uint8Array(good.slice(0));
    other[0] = 2;
    assert.equal(decodeFrame(other.buffer), null);
    assert.equal(decodeFrame(frameBytes({ items: [{ id: 1, alpha: 1, flags: 0, x: NaN, y: 1, angle: 0 }] })), null);
    assert.equal(decodeFrame(frameBytes({ items: [{ id: 1, alpha: 1, flags: 0, x: 1, y: Infinity, angle: 0 }] })), null);
    assert.equal(decodeFrame(frameBytes({ lines: [[0, NaN, 1, 1]] })), null);
    assert.equal(decodeFrame(frameBytes({ time: NaN })), null);
    assert.equal(decodeFrame('not a frame'), null);
    assert.equal(decodeFrame(null), null);
  });

  test('trailing bytes beyond the counted items are ignored', () => {
    const buf = frameBytes({ items: [{ id: 9, alpha: 255, flags: 0, x: 1, y: 2, angle: 0 }] });
    const longer = new Uint8Array(buf.byteLength + 5);
    longer.set(new Uint8Array(buf));
    assert.equal(decodeFrame(longer.buffer).items.length, 1);
  });

  test('encodeFrame round-trips through decodeFrame', () => {
    const items = [
      { id: 1, x: 10.5, y: 20.25, angle: 0.5, alpha: 1, atRest: true, hidden: false },
      { id: 2, x: -3, y: 4, angle: -2, alpha: 0, atRest: false, hidden: true },
    ];
    const f = decodeFrame(encodeFrame({ seq: 12, time: 3.5, paused: true, items, lines: [[1, 2, 3, 4]] }));
    assert.equal(f.seq, 12);
    assert.equal(f.time, 3.5);
    assert.equal(f.paused, true);
    assert.deepEqual(f.items, items);
    assert.deepEqual(f.lines, [[1, 2, 3, 4]]);
  });
});

describe('parseServerMessage', () => {
  const welcome = {
    type: 'welcome',
    protocol: 1,
    room: 'gravity',
    code: null,
    role: 'student',
    you: 4,
    lesson: { id: 'gravity', title: 'Gravity', summary: 'Falls', code: 'let g = 1\r\n', order: 1, gestures: ['tap', 'fly'] },
    bounds: { w: 375, h: 667 },
    rate: 60,
    time: 0.5,
    items: [{ id: 1, name: 'frog', shape: 'rect', w: 100, h: 100, color: '#33AA33', x: 187.5, y: 100, angle: 0, alpha: 1, sprite: 'frog' }],
    boundaries: [{ id: null, points: [[0, 0], [375, 0], [375, 667], [0, 667]], closed: true }, { id: 'barrier', points: [[0, 350], [375, 350]], closed: false }],
    lines: [[1, 2, 3, 4]],
    params: [{ name: 'gravity', label: 'Gravity', value: 0.1, min: 0, max: 2, step: 0.05 }],
    clients: 3,
    members: [{ id: 4, name: 'Ada', role: 'student' }],
    paused: false,
    locked: true,
    controller: 4,
  };

  test('a full welcome comes through normalised', () => {
    const m = parseServerMessage(JSON.stringify(welcome));
    assert.equal(m.type, 'welcome');
    assert.equal(m.room, 'gravity');
    assert.equal(m.code, null);
    assert.equal(m.role, 'student');
    assert.equal(m.you, 4);
    assert.deepEqual(m.lesson.gestures, ['tap']);
    assert.equal(m.lesson.code, 'let g = 1\n');
    assert.deepEqual(m.bounds, { w: 375, h: 667 });
    assert.equal(m.items[0].color, '#33aa33');
    assert.equal(m.items[0].sprite, 'frog');
    assert.equal(m.boundaries.length, 2);
    assert.equal(m.boundaries[0].id, null);
    assert.equal(m.boundaries[1].id, 'barrier');
    assert.equal(m.params[0].step, 0.05);
    assert.equal(m.locked, true);
    assert.equal(m.controller, 4);
  });

  test('a minimal welcome (the shared contract only) gets defaults', () => {
    const m = parseServerMessage(JSON.stringify({ type: 'welcome', room: 'snap', lesson: { id: 'snap' } }));
    assert.deepEqual(m.bounds, { w: 375, h: 667 });
    assert.equal(m.rate, 60);
    assert.deepEqual(m.items, []);
    assert.deepEqual(m.lesson.gestures, []);
    assert.equal(m.role, 'student');
    assert.equal(m.controller, null);
    assert.equal(m.paused, false);
  });

  test('malformed JSON, non-objects, arrays and unknown types are ignored', () => {
    for (const t of ['', 'nope', '{', '[]', '[1]', '"s"', '42', 'null', '{"no":"type"}', '{"type":"bogus"}', '{"type":5}']) {
      assert.equal(parseServerMessage(t), null, t);
    }
    assert.equal(parseServerMessage(undefined), null);
  });

  test('hostile strings stay text; numbers are clamped; bad colours fall back', () => {
    const m = validateServerMessage({
      type: 'scene',
      items: [
        { id: 1, name: '<img src=x onerror=alert(1)>', shape: 'circle', w: 1e9, h: -5, color: 'red;background:url(x)', x: 1e300, y: 'a', angle: NaN, alpha: 7, text: 'Dismiss\u0000' },
        { id: -1, name: 'negative id' },
        { id: 1.5, name: 'fractional id' },
        { id: 1, name: 'duplicate id' },
        'junk',
      ],
    });
    assert.equal(m.items.length, 1);
    const it = m.items[0];
    assert.equal(it.name, '<img src=x onerror=alert(1)>');
    assert.equal(it.shape, 'rect');
    assert.equal(it.w, 1e4);
    assert.equal(it.h, 0);
    assert.equal(it.color, '#8e8e93');
    assert.equal(it.x, 1e6);
    assert.equal(it.y, 0);
    assert.equal(it.angle, 0);
    assert.equal(it.alpha, 1);
    assert.equal(it.text, 'Dismiss');
    assert.equal(m.boundaries, null);
  });

  test('path items keep their points; a path without points becomes a rect', () => {
    const a = normalizeItem({ id: 1, shape: 'path', path: [[0, 0], { x: 10, y: 0 }, [5, 'x'], [5, 8]] });
    assert.deepEqual(a.path, [[0, 0], [10, 0], [5, 8]]);
    assert.equal(a.shape, 'path');
    const b = normalizeItem({ id: 2, shape: 'path', path: 'M0 0' });
    assert.equal(b.shape, 'rect');
  });

  test('params: a bad range is dropped, a missing step gets one, the value is clamped', () => {
    assert.equal(normalizeParam({ name: 'x', min: 2, max: 1, value: 1 }), null);
    assert.equal(normalizeParam({ name: '', min: 0, max: 1, value: 1 }), null);
    const p = normalizeParam({ name: 'damping', min: 0, max: 1, value: 5 });
    assert.equal(p.value, 1);
    assert.equal(p.step, 0.01);
    assert.equal(p.label, 'damping');
  });

  test('event, presence, room, pong and error', () => {
    assert.deepEqual(parseServerMessage('{"type":"event","name":"collision-began","text":"Frog Collided","item":1,"x":10,"y":20}'), {
      type: 'event',
      name: 'collision-began',
      text: 'Frog Collided',
      item: 1,
      x: 10,
      y: 20,
    });
    assert.equal(parseServerMessage('{"type":"event"}'), null);
    const e = parseServerMessage('{"type":"event","name":"reset","text":"Started again","x":"1"}');
    assert.equal('x' in e, false);
    assert.equal(e.item, null);
    const p = parseServerMessage('{"type":"presence","clients":2,"members":[{"id":1,"name":"A","role":"instructor"},{"id":"x"}]}');
    assert.equal(p.clients, 2);
    assert.deepEqual(p.members, [{ id: 1, name: 'A', role: 'instructor' }]);
    assert.equal(parseServerMessage('{"type":"presence","clients":2}').members, null);
    const r = parseServerMessage('{"type":"room","paused":true,"locked":"yes","controller":null}');
    assert.deepEqual(r, { type: 'room', paused: true, controller: null });
    assert.deepEqual(parseServerMessage('{"type":"pong","id":7}'), { type: 'pong', id: 7 });
    assert.deepEqual(parseServerMessage('{"type":"error","code":"forbidden","message":"no"}'), { type: 'error', code: 'forbidden', message: 'no' });
  });

  test('params message', () => {
    const m = parseServerMessage('{"type":"params","params":[{"name":"a","label":"A","value":1,"min":0,"max":2,"step":0.5},{"name":"a","value":2,"min":0,"max":2}]}');
    assert.equal(m.params.length, 1);
  });
});

describe('lists and small validators', () => {
  test('lessons sort by order, stable for ties, without duplicates or bad ids', () => {
    const list = normalizeLessonList([
      { id: 'b', title: 'B', order: 2 },
      { id: 'a', title: 'A', order: 1 },
      { id: 'c', title: 'C', order: 2 },
      { id: 'a', title: 'dup', order: 0 },
      { id: '../x', title: 'bad' },
      { id: 'z', title: 'Z' },
      null,
    ]);
    assert.deepEqual(list.map((l) => l.id), ['a', 'b', 'c', 'z']);
    assert.deepEqual(normalizeLessonList({}), []);
  });

  test('rooms', () => {
    assert.deepEqual(normalizeRoomList([{ id: 'gravity', lesson: 'gravity', clients: 3, shared: false }, { id: '' }]), [{ id: 'gravity', lesson: 'gravity', clients: 3, shared: false }]);
  });

  test('lines accept arrays or objects, drop junk', () => {
    assert.deepEqual(normalizeLines([[1, 2, 3, 4], { x1: 1, y1: 1, x2: 2, y2: 2 }, [1, 2], [1, 2, 3, 'x'], null]), [
      [1, 2, 3, 4],
      [1, 1, 2, 2],
    ]);
  });

  test('color, num, str and roomToken', () => {
    assert.equal(color('#ABC'), '#aabbcc');
    assert.equal(color('#12345g'), '#8e8e93');
    assert.equal(color('blue', '#000000'), '#000000');
    assert.equal(num(5, 0, 0, 3), 3);
    assert.equal(num('5', 1), 1);
    assert.equal(num(Infinity, 2), 2);
    assert.equal(str('a\u0007b\nc', 10), 'ab\nc');
    assert.equal(str('abcdef', 3), 'abc');
    assert.equal(str(5), '');
    assert.equal(roomToken(' K7QX2M '), 'K7QX2M');
    assert.equal(roomToken('a/b'), null);
    assert.equal(roomToken('x'.repeat(65)), null);
  });
});

describe('messages to the server', () => {
  test('builders produce the protocol shapes', () => {
    assert.deepEqual(msg.tap(10.123, 20.456), { type: 'tap', x: 10.12, y: 20.46 });
    assert.deepEqual(msg.pan('began', 1, 2), { type: 'pan', phase: 'began', x: 1, y: 2 });
    assert.throws(() => msg.pan('moved', 1, 2));
    assert.deepEqual(msg.push(1, 2), { type: 'push', x: 1, y: 2 });
    assert.deepEqual(msg.push(1, 2, 30, -40), { type: 'push', x: 1, y: 2, dx: 30, dy: -40 });
    assert.deepEqual(msg.reset(), { type: 'reset' });
    assert.deepEqual(msg.set('damping', 0.5), { type: 'set', param: 'damping', value: 0.5 });
    assert.deepEqual(msg.claim('k'), { type: 'claim', key: 'k' });
    assert.deepEqual(msg.control('pause'), { type: 'control', action: 'pause' });
    assert.deepEqual(msg.control('lesson', { lesson: 'snap' }), { type: 'control', action: 'lesson', lesson: 'snap' });
    assert.deepEqual(msg.control('give', { member: 3 }), { type: 'control', action: 'give', member: 3 });
    assert.deepEqual(msg.control('give', { member: null }), { type: 'control', action: 'give', member: null });
    assert.throws(() => msg.control('explode'));
    assert.deepEqual(msg.ping(3), { type: 'ping', id: 3 });
  });

  test('isSendable refuses NaN and infinities', () => {
    assert.equal(isSendable(msg.tap(1, 2)), true);
    assert.equal(isSendable({ type: 'tap', x: NaN, y: 1 }), false);
    assert.equal(isSendable(msg.set('a', Infinity)), false);
    assert.equal(isSendable({ x: 1 }), false);
  });

  test('socketURL uses ws or wss, room before lesson, and a cleaned name', () => {
    assert.equal(socketURL({ protocol: 'http:', host: 'h:8080' }, { room: 'K7QX2M', name: ' Ada ' }), 'ws://h:8080/ws?room=K7QX2M&name=Ada');
    assert.equal(socketURL({ protocol: 'https:', host: 'h' }, { lesson: 'snap' }), 'wss://h/ws?lesson=snap');
    assert.equal(socketURL({ protocol: 'http:', host: 'h' }, { room: 'a', lesson: 'b', name: 'x'.repeat(40) }), `ws://h/ws?room=a&name=${'x'.repeat(32)}`);
    // A class's key goes with its code (it opens the room on the node nginx picks), never with lesson=.
    assert.equal(socketURL({ protocol: 'http:', host: 'h' }, { room: 'K7QX2M', key: 'snap.1.x-_' }), 'ws://h/ws?room=K7QX2M&key=snap.1.x-_');
    assert.equal(socketURL({ protocol: 'http:', host: 'h' }, { lesson: 'snap', key: 'k' }), 'ws://h/ws?lesson=snap');
    assert.equal(socketURL({ protocol: 'http:', host: 'h' }, { room: 'a', name: 'A & B' }), 'ws://h/ws?room=a&name=A+%26+B');
  });
});

test('lesson metadata in several languages: titles, summaries, parameter labels', async () => {
  const { normalizeTexts, normalizeLesson, normalizeLessonList, normalizeParam } = await import('../js/protocol.js');
  assert.deepEqual(normalizeTexts({ en: 'Snap', 'zh-CN': '捕捉', 'bad key!': 'x', fr: 3, de: '' }), { en: 'Snap', 'zh-CN': '捕捉' });
  assert.equal(normalizeTexts('Snap'), null);
  assert.equal(normalizeTexts({}), null);
  assert.equal(Object.keys(normalizeTexts(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`l${String.fromCharCode(97 + i)}`, 'x'])))).length, 8);
  const l = normalizeLesson({ id: 'snap', title: 'Snap', titles: { en: 'Snap', 'zh-CN': '捕捉' }, summaries: { 'zh-CN': '点一下' } });
  assert.deepEqual(l.titles, { en: 'Snap', 'zh-CN': '捕捉' });
  assert.deepEqual(l.summaries, { 'zh-CN': '点一下' });
  assert.equal(normalizeLesson({ id: 'snap', title: 'Snap' }).titles, undefined);
  assert.deepEqual(normalizeLessonList([{ id: 'snap', title: 'Snap', titles: { 'zh-CN': '捕捉' } }])[0].titles, { 'zh-CN': '捕捉' });
  assert.deepEqual(normalizeParam({ name: 'g', label: 'Gravity', labels: { 'zh-CN': '重力' }, min: 0, max: 1 }).labels, { 'zh-CN': '重力' });
});
