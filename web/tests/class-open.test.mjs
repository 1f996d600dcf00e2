import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openClass } from '../js/class-open.js';

function fakeFetch(status, body, seen = []) {
  return async (url, init) => {
    seen.push({ url, init });
    return { ok: status >= 200 && status < 300, status, json: async () => (typeof body === 'string' ? JSON.parse(body) : body) };
  };
}

function memoryStorage() {
  const map = new Map();
  return { map, setItem: (k, v) => map.set(k, v), getItem: (k) => map.get(k) ?? null, removeItem: (k) => map.delete(k) };
}

test('a class is opened by POST /api/classes and its key kept for the tab', async () => {
  const seen = [];
  const storage = memoryStorage();
  const got = await openClass('snap', { fetch: fakeFetch(200, { code: 'K7QX2M', key: 'snap.abc.def' }, seen), storage });
  assert.deepEqual(got, { code: 'K7QX2M', key: 'snap.abc.def' });
  assert.equal(seen[0].url, '/api/classes');
  assert.equal(seen[0].init.method, 'POST');
  assert.deepEqual(JSON.parse(seen[0].init.body), { lesson: 'snap' });
  assert.equal(storage.map.get('newtons.key.K7QX2M'), 'snap.abc.def');
});

test('a server without the endpoint falls back to lesson= (null)', async () => {
  assert.equal(await openClass('snap', { fetch: fakeFetch(405, 'null') }), null);
  assert.equal(await openClass('snap', { fetch: async () => { throw new Error('offline'); } }), null);
});

test('an unknown lesson or a bad answer is an error with the server\'s words', async () => {
  await assert.rejects(openClass('nope', { fetch: fakeFetch(404, { error: 'unknown-room', message: 'no lesson named nope' }) }), /no lesson nope/);
  await assert.rejects(openClass('snap', { fetch: fakeFetch(200, { code: '<img>', key: 'k' }) }), /valid code/);
  await assert.rejects(openClass('snap', { fetch: fakeFetch(400, { error: 'bad-value', message: 'bad' }) }), /refused/);
});
