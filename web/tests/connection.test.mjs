import './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, backoffDelay, BACKOFF, PING_INTERVAL_MS, SILENCE_LIMIT_MS } from '../js/connection.js';
import { encodeFrame } from '../js/protocol.js';

/** Manual timers: time moves only when the test says so. */
class Clock {
  constructor() {
    this.t = 0;
    this.q = [];
    this.id = 0;
  }
  now = () => this.t;
  setTimeout = (f, ms) => {
    const id = ++this.id;
    this.q.push({ id, at: this.t + ms, f });
    return id;
  };
  clearTimeout = (id) => {
    this.q = this.q.filter((x) => x.id !== id);
  };
  setInterval = (f, ms) => {
    const id = ++this.id;
    const tick = () => {
      f();
      this.q.push({ id, at: this.t + ms, f: tick });
    };
    this.q.push({ id, at: this.t + ms, f: tick });
    return id;
  };
  clearInterval = (id) => this.clearTimeout(id);
  advance(ms) {
    const end = this.t + ms;
    for (;;) {
      this.q.sort((a, b) => a.at - b.at);
      const next = this.q[0];
      if (!next || next.at > end) break;
      this.q.shift();
      this.t = next.at;
      next.f();
    }
    this.t = end;
  }
}

function fakeSocketClass() {
  const made = [];
  class FakeWS {
    constructor(url, proto) {
      this.url = url;
      this.proto = proto;
      this.readyState = 0;
      this.sent = [];
      made.push(this);
    }
    send(d) {
      this.sent.push(JSON.parse(d));
    }
    close(code = 1000, reason = '') {
      this.readyState = 3;
      this.closedWith = code;
    }
    // Test helpers: the server side.
    open() {
      this.readyState = 1;
      this.onopen && this.onopen({});
    }
    message(data) {
      this.onmessage && this.onmessage({ data: typeof data === 'string' ? data : data });
    }
    drop(code = 1006, reason = '') {
      this.readyState = 3;
      this.onclose && this.onclose({ code, reason });
    }
  }
  return { FakeWS, made };
}

function setup(o = {}) {
  const clock = new Clock();
  const { FakeWS, made } = fakeSocketClass();
  const log = { status: [], messages: [], frames: [], fatal: [] };
  let url = 'ws://h/ws?lesson=snap';
  const c = new Connection({
    url: () => url,
    onStatus: (s, info) => log.status.push([s, info]),
    onMessage: (m) => log.messages.push(m),
    onFrame: (f) => log.frames.push(f),
    onFatal: (r) => log.fatal.push(r),
    WebSocket: FakeWS,
    timers: clock,
    random: () => 1,
    ...o,
  });
  return { c, clock, made, log, setURL: (u) => (url = u) };
}

/** A started connection whose socket has opened and received `first` (when given). */
function opened(first) {
  const s = setup();
  s.c.start();
  s.made[0].open();
  if (first !== undefined) s.made[0].message(first);
  return s;
}

const welcome = JSON.stringify({ type: 'welcome', room: 'r', code: 'K7QX2M', lesson: { id: 'snap' } });

describe('backoffDelay', () => {
  test('grows exponentially, is capped, and jitters between half and all of the cap', () => {
    assert.equal(backoffDelay(0, { random: () => 1 }), BACKOFF.base);
    assert.equal(backoffDelay(0, { random: () => 0 }), BACKOFF.base / 2);
    assert.equal(backoffDelay(1, { random: () => 1 }), BACKOFF.base * 2);
    assert.equal(backoffDelay(50, { random: () => 1 }), BACKOFF.max);
    for (let a = 0; a < 12; a++) {
      const d = backoffDelay(a);
      const cap = Math.min(BACKOFF.max, BACKOFF.base * 2 ** a);
      assert.ok(d >= cap / 2 - 1 && d <= cap + 1, `${a}: ${d}`);
    }
  });
});

describe('Connection', () => {
  test('connecting → live on welcome; messages and frames are decoded and passed on', () => {
    const { c, made, log } = setup();
    c.start();
    assert.equal(c.status, 'connecting');
    assert.equal(made[0].proto, 'newtons.v1');
    assert.equal(made[0].binaryType, 'arraybuffer');
    made[0].open();
    assert.equal(c.status, 'connecting');
    made[0].message(welcome);
    assert.equal(c.status, 'live');
    made[0].message(encodeFrame({ seq: 1, time: 0.5, items: [{ id: 1, x: 1, y: 2, angle: 0 }] }));
    made[0].message('{"type":"nonsense"}');
    made[0].message('garbage');
    made[0].message(new ArrayBuffer(3));
    assert.equal(log.messages.length, 1);
    assert.equal(log.frames.length, 1);
    assert.equal(log.frames[0].items[0].y, 2);
  });

  test('send works only while open, as JSON, and refuses NaN', () => {
    const { c, made } = setup();
    assert.equal(c.send({ type: 'tap', x: 1, y: 1 }), false);
    c.start();
    assert.equal(c.send({ type: 'tap', x: 1, y: 1 }), false);
    made[0].open();
    assert.equal(c.send({ type: 'tap', x: 1, y: 1 }), true);
    assert.equal(c.send({ type: 'tap', x: NaN, y: 1 }), false);
    assert.deepEqual(made[0].sent, [{ type: 'tap', x: 1, y: 1 }]);
  });

  test('a dropped connection reconnects with growing delays, to the current URL', () => {
    const { c, made, clock, setURL } = opened(welcome);
    setURL('ws://h/ws?room=K7QX2M');
    made[0].drop(1006);
    assert.equal(c.status, 'closed');
    clock.advance(BACKOFF.base - 1);
    assert.equal(made.length, 1);
    clock.advance(1);
    assert.equal(made.length, 2);
    assert.equal(made[1].url, 'ws://h/ws?room=K7QX2M');
    assert.equal(c.status, 'connecting');
    made[1].drop(1006); // server still down
    clock.advance(BACKOFF.base * 2 - 1);
    assert.equal(made.length, 2);
    clock.advance(1);
    assert.equal(made.length, 3);
    made[2].open();
    made[2].message(welcome);
    assert.equal(c.status, 'live');
    assert.equal(c.attempt, 0);
  });

  test('retrySoon skips the wait (network back, tab visible)', () => {
    const { c, made } = setup();
    c.start();
    made[0].drop(1006);
    c.retrySoon();
    assert.equal(made.length, 2);
    c.retrySoon(); // already connecting: nothing more
    assert.equal(made.length, 2);
  });

  test('an unknown room is not retried', () => {
    const { c, made, clock, log } = opened('{"type":"error","code":"unknown-room","message":"no such room"}');
    made[0].drop(4404);
    clock.advance(60000);
    assert.equal(made.length, 1);
    assert.equal(c.status, 'closed');
    assert.equal(log.fatal.length, 1);
    assert.equal(log.fatal[0].code, 'unknown-room');
    assert.equal(log.status.at(-1)[1].fatal, true);
  });

  test('a full room is retried', () => {
    const { c, made, clock } = opened('{"type":"error","code":"full","message":"full"}');
    made[0].drop(1013);
    clock.advance(BACKOFF.base);
    assert.equal(made.length, 2);
  });

  test('pings keep the connection alive; silence past the limit reconnects', () => {
    const { c, made, clock } = opened(welcome);
    clock.advance(PING_INTERVAL_MS);
    assert.equal(made[0].sent.at(-1).type, 'ping');
    made[0].message(JSON.stringify({ type: 'pong', id: made[0].sent.at(-1).id }));
    assert.equal(c.rtt, 0);
    clock.advance(SILENCE_LIMIT_MS + PING_INTERVAL_MS);
    assert.equal(made[0].closedWith, 4000);
    clock.advance(BACKOFF.base);
    assert.equal(made.length, 2);
  });

  test('stop closes and never reconnects; reconnect opens a fresh socket at once', () => {
    const { c, made, clock } = opened();
    c.reconnect();
    assert.equal(made.length, 2);
    assert.equal(made[0].closedWith, 1000);
    c.stop();
    assert.equal(c.status, 'closed');
    clock.advance(60000);
    assert.equal(made.length, 2);
  });

  test('a socket constructor that throws is retried', () => {
    let n = 0;
    class Throwing {
      constructor() {
        n++;
        throw new Error('blocked');
      }
    }
    const { c, clock } = setup({ WebSocket: Throwing });
    c.start();
    assert.equal(c.status, 'closed');
    clock.advance(BACKOFF.base);
    assert.equal(n, 2);
  });
});
