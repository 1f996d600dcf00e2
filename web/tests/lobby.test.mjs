import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lessonGroups, parseJoinInput, countsByRoom, roomsByLesson, headCountText, TUTORIAL_IDS } from '../js/lobby.js';

const lessons = ['gravity', 'collision', 'attachment', 'spring', 'snap', 'push', 'properties', 'alert', 'race', 'hoop'].map((id, i) => ({ id, title: id, summary: '', order: i + 1 }));

test('the tutorial seven come first, in book order; the rest are extra rooms', () => {
  const g = lessonGroups(lessons);
  assert.deepEqual(g.tutorial.map((l) => l.id), TUTORIAL_IDS);
  assert.deepEqual(g.extra.map((l) => l.id), ['alert', 'race', 'hoop']);
});

test('with unknown ids the first seven are the tutorial', () => {
  const other = Array.from({ length: 9 }, (_, i) => ({ id: `l${i}`, order: i }));
  const g = lessonGroups(other);
  assert.equal(g.tutorial.length, 7);
  assert.equal(g.extra.length, 2);
});

test('join input: codes upper-cased, lesson ids kept, links and spaces understood', () => {
  const ids = lessons.map((l) => l.id);
  assert.equal(parseJoinInput(' k7qx2m ', ids), 'K7QX2M');
  assert.equal(parseJoinInput('K7Q X2M', ids), 'K7QX2M');
  assert.equal(parseJoinInput('snap-2', ids), 'snap-2');
  assert.equal(parseJoinInput('http://h:8080/?room=snap-12', ids), 'snap-12');
  assert.equal(parseJoinInput('K7Q-X2M', ids), 'K7QX2M');
  assert.equal(parseJoinInput('Spring', ids), 'spring');
  assert.equal(parseJoinInput('http://host:8080/?room=ab12cd', ids), 'AB12CD');
  assert.equal(parseJoinInput('http://host/?x=1&room=gravity', ids), 'gravity');
  assert.equal(parseJoinInput('', ids), null);
  assert.equal(parseJoinInput('../../etc', ids), null);
  assert.equal(parseJoinInput('<script>', ids), null);
  assert.equal(parseJoinInput(undefined, ids), null);
});

test('head counts by room', () => {
  const m = countsByRoom([{ id: 'gravity', clients: 3 }, { id: 'snap', clients: 0 }]);
  assert.equal(m.get('gravity'), 3);
  assert.equal(m.get('snap'), 0);
  assert.equal(m.get('push'), undefined);
});

test('a lesson\'s extra instances count with its room', () => {
  const m = countsByRoom([
    { id: 'snap', lesson: 'snap', clients: 100 },
    { id: 'snap-2', lesson: 'snap', clients: 100 },
    { id: 'snap-3', lesson: 'snap', clients: 7 },
    { id: 'push', lesson: 'push', clients: 1 },
  ]);
  assert.equal(m.get('snap'), 207);
  assert.equal(m.get('push'), 1);
  assert.equal(m.get('snap-2'), undefined);
});

test('a lesson card says how many rooms its visitors fill', () => {
  const rooms = [
    { id: 'snap', lesson: 'snap', clients: 100 },
    { id: 'snap-2', lesson: 'snap', clients: 3 },
    { id: 'push', lesson: 'push', clients: 0 },
  ];
  const open = roomsByLesson(rooms);
  assert.equal(open.get('snap'), 2);
  assert.equal(headCountText(countsByRoom(rooms).get('snap'), open.get('snap')), '103 here now, in 2 rooms');
  assert.equal(headCountText(4, 1), '4 here now');
  assert.equal(headCountText(0, 1), '');
});
