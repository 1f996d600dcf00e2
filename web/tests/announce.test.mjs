import { useLanguage } from './i18n-setup.mjs';
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { Announcer, SceneWatcher, ANNOUNCE_INTERVAL_MS, contactSentence, describeScene, directionOf, edgeOf, itemName, regionOf } from '../js/announce.js';

const bounds = { w: 375, h: 667 };

function clock() {
  let now = 0;
  const timers = [];
  return {
    now: () => now,
    setTimer: (f, ms) => timers.push({ f, at: now + ms }) && timers.length,
    clearTimer: () => {},
    advance(ms) {
      now += ms;
      for (const tm of timers.splice(0).sort((a, b) => a.at - b.at)) {
        if (tm.at <= now) tm.f();
        else timers.push(tm);
      }
    },
  };
}

describe('the live region', () => {
  test('at most one sentence a second; the rest waits its turn, the oldest dropped beyond three', () => {
    const c = clock();
    const region = { textContent: '' };
    const a = new Announcer(region, c);
    a.say('one');
    assert.equal(region.textContent, 'one');
    a.say('two');
    a.say('three');
    assert.equal(region.textContent, 'one');
    c.advance(ANNOUNCE_INTERVAL_MS - 1);
    assert.equal(region.textContent, 'one');
    c.advance(1);
    assert.equal(region.textContent, 'two');
    c.advance(ANNOUNCE_INTERVAL_MS);
    assert.equal(region.textContent, 'three');
    for (const s of ['a', 'b', 'c', 'd', 'e']) a.say(s);
    c.advance(ANNOUNCE_INTERVAL_MS);
    c.advance(ANNOUNCE_INTERVAL_MS);
    c.advance(ANNOUNCE_INTERVAL_MS);
    assert.deepEqual(a.said, ['one', 'two', 'three', 'c', 'd', 'e']);
  });

  test('what the student asked for (D) is said at once', () => {
    const c = clock();
    const region = { textContent: '' };
    const a = new Announcer(region, c);
    a.say('news');
    a.say('more news');
    a.sayNow('the description');
    assert.equal(region.textContent, 'the description');
  });
});

describe('words for the physics', () => {
  after(() => useLanguage('en'));

  test('edges, regions, directions', () => {
    assert.equal(edgeOf({ x: 100, y: 630 }, { w: 60, h: 70 }, bounds), 'bottom');
    assert.equal(edgeOf({ x: 20, y: 300 }, { w: 40, h: 40 }, bounds), 'left');
    assert.equal(edgeOf({ x: 180, y: 300 }, { w: 40, h: 40 }, bounds), null);
    assert.equal(regionOf({ x: 10, y: 10 }, bounds), 'top-left');
    assert.equal(regionOf({ x: 187, y: 333 }, bounds), 'centre');
    assert.equal(regionOf({ x: 187, y: 660 }, bounds), 'bottom');
    assert.equal(directionOf(0, 10), 'down');
    assert.equal(directionOf(-5, -5), 'up-left');
  });

  test('a contact in English and in Chinese', async () => {
    const frog = { id: 1, name: 'frog', w: 60, h: 70 };
    assert.equal(contactSentence(frog, { x: 100, y: 632 }, bounds), 'The frog hit the bottom edge');
    assert.equal(contactSentence(frog, { x: 100, y: 300 }, bounds), 'The frog hit something');
    assert.equal(contactSentence(null, null, bounds), 'Something collided');
    await useLanguage('zh-CN');
    assert.equal(contactSentence(frog, { x: 100, y: 632 }, bounds), '青蛙撞到了下边');
    assert.equal(itemName('dragon', 2), '龙');
    assert.equal(itemName('orb', 3), 'orb');
    assert.equal(itemName('', 4), '物体 4');
    await useLanguage('en');
  });

  test('D describes each item: where, and how fast it moves', async () => {
    const items = [{ id: 1, name: 'frog', w: 60, h: 70 }, { id: 2, name: 'dragon', w: 80, h: 80 }];
    const before = { time: 1, items: [{ id: 1, x: 100, y: 100 }, { id: 2, x: 300, y: 600 }] };
    const frame = { time: 1.5, items: [{ id: 1, x: 100, y: 200 }, { id: 2, x: 300, y: 600 }] };
    const text = describeScene(items, frame, before, bounds);
    assert.match(text, /The frog is near the top left, at 100, 200, moving down at 200 points a second\./);
    assert.match(text, /The dragon is near the bottom right, at 300, 600, not moving\./);
    assert.equal(describeScene([], null, null, bounds), 'The stage is empty.');
    await useLanguage('zh-CN');
    assert.match(describeScene(items, frame, before, bounds), /青蛙在左上方，位置 100, 200，正以每秒 200 点的速度向下移动。/);
    await useLanguage('en');
  });

  test('the watcher says when an item leaves the view and when a snap arrives', () => {
    const w = new SceneWatcher();
    const items = [{ id: 1, name: 'ball', w: 40, h: 40 }, { id: 2, name: 'frog', w: 60, h: 60 }];
    assert.deepEqual(w.frame({ time: 0, items: [{ id: 1, x: 100, y: 600 }, { id: 2, x: 50, y: 50 }] }, items, bounds), []);
    assert.deepEqual(w.frame({ time: 0.1, items: [{ id: 1, x: 100, y: 700 }, { id: 2, x: 50, y: 50 }] }, items, bounds), ['The ball left the view']);
    assert.deepEqual(w.frame({ time: 0.2, items: [{ id: 1, x: 100, y: 800 }, { id: 2, x: 50, y: 50 }] }, items, bounds), [], 'said once');
    w.expectSnap(200, 300);
    assert.deepEqual(w.frame({ time: 0.3, items: [{ id: 2, x: 150, y: 250 }] }, items, bounds), []);
    assert.deepEqual(w.frame({ time: 0.4, items: [{ id: 2, x: 199.5, y: 299.5 }] }, items, bounds), []);
    assert.deepEqual(w.frame({ time: 0.5, items: [{ id: 2, x: 199.6, y: 299.6 }] }, items, bounds), ['The frog snapped into place']);
    assert.deepEqual(w.frame({ time: 0.6, items: [{ id: 2, x: 199.6, y: 299.6 }] }, items, bounds), [], 'said once');
  });
});

test('the lessons\' item names in Chinese, numbered ones too', async () => {
  await useLanguage('zh-CN');
  assert.equal(itemName('frog label', 1), '青蛙标签');
  assert.equal(itemName('positive 3', 5), '正电荷球 3');
  assert.equal(itemName('Mystery', 6), 'Mystery');
  await useLanguage('en');
  assert.equal(itemName('positive 3', 5), 'positive orb 3');
});
