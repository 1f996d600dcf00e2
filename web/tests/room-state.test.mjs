import './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createRoomState, applyMessage, canGesture, keyAfterWelcome, forgetKey, hasKey, roomToken, me, formatValue, snapValue, errorText, EVENT_LOG_LIMIT } from '../js/room-state.js';
import { validateServerMessage } from '../js/protocol.js';
import { welcome } from './fixtures.mjs';

class MemoryStorage {
  constructor() {
    this.m = new Map();
  }
  getItem(k) {
    return this.m.has(k) ? this.m.get(k) : null;
  }
  setItem(k, v) {
    this.m.set(k, String(v));
  }
  removeItem(k) {
    this.m.delete(k);
  }
}

const W = welcome;

describe('applyMessage', () => {
  test('welcome sets everything and keeps the event log', () => {
    const s = createRoomState();
    applyMessage(s, validateServerMessage({ type: 'event', name: 'x', text: 'before' }));
    const changed = applyMessage(s, W());
    assert.ok(changed.has('welcome') && changed.has('scene') && changed.has('lesson'));
    assert.equal(s.live, true);
    assert.equal(s.lesson.id, 'snap');
    assert.equal(s.items.length, 1);
    assert.equal(s.events.length, 1);
    assert.equal(roomToken(s), 'K7QX2M');
    assert.equal(me(s).name, 'Ada');
    assert.equal(applyMessage(s, W()).has('lesson'), false);
  });

  test('scene replaces items; boundaries only when sent', () => {
    const s = createRoomState();
    applyMessage(s, W({ boundaries: [{ id: 'barrier', points: [[0, 1], [2, 1]] }] }));
    applyMessage(s, validateServerMessage({ type: 'scene', items: [{ id: 5 }, { id: 6 }] }));
    assert.deepEqual(s.items.map((i) => i.id), [5, 6]);
    assert.equal(s.boundaries.length, 1);
    applyMessage(s, validateServerMessage({ type: 'scene', items: [], boundaries: [] }));
    assert.equal(s.boundaries.length, 0);
  });

  test('params update in place, or add new ones', () => {
    const s = createRoomState();
    applyMessage(s, W());
    const c1 = applyMessage(s, validateServerMessage({ type: 'params', params: [{ name: 'damping', value: 0.5, min: 0, max: 1, step: 0.05 }] }));
    assert.equal(s.params[0].value, 0.5);
    assert.equal(s.params[0].label, 'damping');
    assert.equal(c1.has('params-layout'), false);
    const c2 = applyMessage(s, validateServerMessage({ type: 'params', params: [{ name: 'other', value: 1, min: 0, max: 2 }] }));
    assert.equal(s.params.length, 2);
    assert.ok(c2.has('params-layout'));
  });

  test('presence updates members, and a claimed role', () => {
    const s = createRoomState();
    applyMessage(s, W());
    const c = applyMessage(s, validateServerMessage({ type: 'presence', clients: 3, members: [{ id: 2, name: 'Ada', role: 'instructor' }] }));
    assert.equal(s.clients, 3);
    assert.equal(s.role, 'instructor');
    assert.ok(c.has('role'));
    applyMessage(s, validateServerMessage({ type: 'presence', clients: 4 }));
    assert.equal(s.members.length, 1);
  });

  test('room messages: pause, lock, controller, role', () => {
    const s = createRoomState();
    applyMessage(s, W());
    applyMessage(s, validateServerMessage({ type: 'room', paused: true, locked: true, controller: 2 }));
    assert.equal(s.paused, true);
    assert.equal(s.locked, true);
    assert.equal(s.controller, 2);
    applyMessage(s, validateServerMessage({ type: 'room', paused: false }));
    assert.equal(s.paused, false);
    assert.equal(s.locked, true);
    assert.ok(applyMessage(s, validateServerMessage({ type: 'room', role: 'instructor' })).has('role'));
  });

  test('paused/resumed/locked/unlocked events also set the room state', () => {
    const s = createRoomState();
    applyMessage(s, W());
    applyMessage(s, validateServerMessage({ type: 'event', name: 'paused', text: 'Paused by the instructor' }));
    assert.equal(s.paused, true);
    applyMessage(s, validateServerMessage({ type: 'event', name: 'locked', text: 'Locked' }));
    assert.equal(s.locked, true);
    applyMessage(s, validateServerMessage({ type: 'event', name: 'resumed', text: 'Resumed' }));
    applyMessage(s, validateServerMessage({ type: 'event', name: 'unlocked', text: 'Unlocked' }));
    assert.equal(s.paused, false);
    assert.equal(s.locked, false);
  });

  test('events and errors go to a bounded log', () => {
    const s = createRoomState();
    for (let i = 0; i < EVENT_LOG_LIMIT + 10; i++) applyMessage(s, validateServerMessage({ type: 'event', name: 'collision-began', text: `Frog Collided ${i}` }), i);
    assert.equal(s.events.length, EVENT_LOG_LIMIT);
    assert.equal(s.events.at(-1).text, `Frog Collided ${EVENT_LOG_LIMIT + 9}`);
    applyMessage(s, validateServerMessage({ type: 'error', code: 'forbidden', message: 'locked' }));
    assert.equal(s.events.at(-1).kind, 'error');
    assert.match(s.events.at(-1).text, /instructor/);
  });

  test('unknown message types change nothing', () => {
    const s = createRoomState();
    assert.equal(applyMessage(s, { type: 'pong', id: 1 }).size, 0);
  });
});

describe('who may gesture', () => {
  test('everyone when unlocked; the instructor and the controller when locked', () => {
    const s = createRoomState();
    applyMessage(s, W());
    assert.equal(canGesture(s), true);
    s.locked = true;
    assert.equal(canGesture(s), false);
    s.controller = 2;
    assert.equal(canGesture(s), true);
    s.controller = 3;
    s.role = 'instructor';
    assert.equal(canGesture(s), true);
  });
});

describe('instructor key', () => {
  test('an instructor welcome stores the key under room id and code', () => {
    const st = new MemoryStorage();
    assert.equal(keyAfterWelcome(st, W({ role: 'instructor', key: 'sekrit' })), null);
    assert.equal(st.getItem('newtons.key.K7QX2M'), 'sekrit');
    assert.equal(st.getItem('newtons.key.r1'), 'sekrit');
    assert.equal(hasKey(st, 'K7QX2M'), true);
  });

  test('after a reload (student welcome) the stored key is returned to claim with', () => {
    const st = new MemoryStorage();
    st.setItem('newtons.key.K7QX2M', 'sekrit');
    assert.equal(keyAfterWelcome(st, W()), 'sekrit');
    assert.equal(keyAfterWelcome(st, W({ code: 'OTHER1', room: 'r2' })), null);
  });

  test('a refused key is forgotten; no storage is fine', () => {
    const st = new MemoryStorage();
    st.setItem('newtons.key.K7QX2M', 'sekrit');
    const s = createRoomState();
    applyMessage(s, W());
    forgetKey(st, s);
    assert.equal(hasKey(st, 'K7QX2M'), false);
    assert.equal(keyAfterWelcome(null, W()), null);
    const broken = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); } };
    assert.equal(keyAfterWelcome(broken, W()), null);
    assert.equal(hasKey(broken, 'x'), false);
  });
});

describe('values', () => {
  test('formatValue follows the step', () => {
    assert.equal(formatValue(0.1, 0.05), '0.10');
    assert.equal(formatValue(3, 1), '3');
    assert.equal(formatValue(0.123456, 0.001), '0.123');
    assert.equal(formatValue(0.5, 1e-7), '0.5000');
  });
  test('snapValue clamps and snaps without float dust', () => {
    const p = { min: 0, max: 1, step: 0.05 };
    assert.equal(snapValue('0.3', p), 0.3);
    assert.equal(snapValue(0.32, p), 0.3);
    assert.equal(snapValue(5, p), 1);
    assert.equal(snapValue(-1, p), 0);
    assert.equal(snapValue(0.15000000000000002, p), 0.15);
  });
  test('errorText', () => {
    assert.match(errorText({ code: 'rate-limited' }), /slow/i);
    assert.match(errorText({ code: 'bad-value', message: 'x must be…' }), /refused/); // the code, not the server's English sentence
    assert.match(errorText({ code: 'weird', message: 'an English sentence' }), /weird/);
    assert.doesNotMatch(errorText({ code: 'weird', message: 'an English sentence' }), /English sentence/);
  });
});

test('a guest is named in the page language', async () => {
  const { displayName } = await import('../js/room-state.js');
  const { useLanguage } = await import('./i18n-setup.mjs');
  assert.equal(displayName('Guest 3'), 'Guest 3');
  assert.equal(displayName(''), 'Anonymous');
  await useLanguage('zh-CN');
  assert.equal(displayName('Guest 3'), '访客 3');
  assert.equal(displayName('Ana'), 'Ana');
  await useLanguage('en');
});
