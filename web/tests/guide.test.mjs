// The guide's pure parts: the wire (guide, events, roster, prediction messages), one member's
// progress as the room's events tell it, and the roster's aggregation for the instructor.
import { useLanguage } from './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { validateServerMessage, normalizeGuide, guideLanguage, msg, isSendable } from '../js/protocol.js';
import { GuideModel, movedTo, predictionWords, parseNumber } from '../js/guide.js';
import { rosterRows, doneCounts, predictionDistribution, currentPredictionStep } from '../js/roster.js';

const guide = normalizeGuide({
  lesson: 'snap',
  lang: 'en',
  languages: ['en', 'zh'],
  intro: '# Snap',
  steps: [
    { id: 'first-snap', title: 'Snap the frog', text: 'Tap.', hints: ['Tap anywhere.', 'Wait.'] },
    { id: 'low-damping', title: 'Less damping', text: 'Lower it.', hints: [], prediction: { question: 'How many swings?', kind: 'choice', choices: ['none', 'once', 'two or more'] } },
    { id: 'hang', title: 'How far', text: 'Wait.', hints: [], prediction: { question: 'How far below?', kind: 'number', unit: 'pt' } },
    { id: 'bad id!', title: 'dropped', text: '', hints: [] },
  ],
});

describe('the wire', () => {
  test('a guide keeps its Markdown as text and drops malformed steps', () => {
    assert.equal(guide.steps.length, 3);
    assert.equal(guide.intro, '# Snap');
    assert.deepEqual(guide.steps[1].prediction.choices, ['none', 'once', 'two or more']);
    assert.equal(guide.steps[2].prediction.unit, 'pt');
    assert.equal(normalizeGuide({ steps: 'x' }), null);
    assert.equal(normalizeGuide({ steps: [{ id: 'a', prediction: { kind: 'choice', choices: ['only one'] } }] }).steps[0].prediction, null);
  });

  test('the page asks for zh when it reads zh-CN', () => {
    assert.equal(guideLanguage('zh-CN'), 'zh');
    assert.equal(guideLanguage('en'), 'en');
  });

  test('step-done keeps step, member, value, prediction and texts', () => {
    const m = validateServerMessage({ type: 'event', name: 'step-done', text: 'frog 3 pt from the tap', step: 'first-snap', member: 4, value: 3.2, prediction: { choice: 1 }, texts: { en: 'in English', 'zh-CN': '中文' } });
    assert.deepEqual({ ...m }, { type: 'event', name: 'step-done', text: 'frog 3 pt from the tap', item: null, step: 'first-snap', member: 4, value: 3.2, prediction: { choice: 1 }, texts: { en: 'in English', 'zh-CN': '中文' } });
    assert.equal(validateServerMessage({ type: 'event', name: 'step-done', text: 'x', step: 'a', member: 1, value: null }).value, null);
    assert.equal(validateServerMessage({ type: 'event', name: 'step-done', text: 'x', step: '<b>', member: 1 }).step, null);
    assert.equal(validateServerMessage({ type: 'event', name: 'collision-began', text: 'x', step: 'a' }).step, undefined, 'other events carry no guide fields');
  });

  test('progress and progress-csv', () => {
    const p = validateServerMessage({ type: 'progress', steps: [{ id: 'a', done: 2 }, { id: '!!', done: 1 }], members: [{ member: 3, name: 'Ana', open: 'b', done: [{ step: 'a', value: 1.5 }], predictions: [{ step: 'b', prediction: { value: 120 } }, { step: 'c', prediction: { value: 'NaN' } }] }, { name: 'no id' }] });
    assert.deepEqual(p.steps, [{ id: 'a', done: 2 }]);
    assert.deepEqual(p.members, [{ member: 3, name: 'Ana', open: 'b', done: [{ step: 'a', value: 1.5 }], predictions: [{ step: 'b', prediction: { value: 120 } }] }]);
    assert.deepEqual(validateServerMessage({ type: 'progress-csv', csv: 'a,b\n' }), { type: 'progress-csv', csv: 'a,b\n' });
    assert.equal(validateServerMessage({ type: 'progress-csv', csv: 3 }), null);
  });

  test('a prediction message is a choice or a finite number; NaN is never sendable', () => {
    assert.deepEqual(msg.prediction('low-damping', { choice: 2 }), { type: 'prediction', step: 'low-damping', choice: 2 });
    assert.deepEqual(msg.prediction('hang', { value: 98.5 }), { type: 'prediction', step: 'hang', value: 98.5 });
    assert.equal(isSendable(msg.prediction('hang', { value: NaN })), false);
    assert.deepEqual(msg.control('guide-step', { step: 'hang' }), { type: 'control', action: 'guide-step', step: 'hang' });
    assert.deepEqual(msg.control('guide-csv'), { type: 'control', action: 'guide-csv' });
  });
});

describe('one member’s progress', () => {
  const event = (m) => validateServerMessage({ type: 'event', ...m });

  test('starts at the first step; step-done for this member ticks it and opens the next', () => {
    const g = new GuideModel();
    g.setGuide(guide);
    assert.equal(g.stepState('first-snap'), 'open');
    assert.equal(g.onEvent(event({ name: 'step-done', text: 'done', step: 'first-snap', member: 9, value: 1 }), 7), null, 'another member’s step');
    assert.deepEqual(g.onEvent(event({ name: 'step-done', text: 'frog within 3 pt', step: 'first-snap', member: 7, value: 3 }), 7), { kind: 'done', step: 'first-snap' });
    assert.equal(g.stepState('first-snap'), 'done');
    assert.equal(g.stepState('low-damping'), 'open');
    assert.equal(g.feedback('first-snap'), 'frog within 3 pt');
  });

  test('the feedback comes in the page’s language when the room sends texts', async () => {
    const g = new GuideModel();
    g.setGuide(guide);
    g.onEvent(event({ name: 'step-done', text: 'English', texts: { en: 'English', 'zh-CN': '中文' }, step: 'first-snap', member: 1 }), 1);
    await useLanguage('zh-CN');
    assert.equal(g.feedback('first-snap'), '中文');
    await useLanguage('en');
    assert.equal(g.feedback('first-snap'), 'English');
  });

  test('a prediction taken, then the step done with it; no more predictions for it', () => {
    const g = new GuideModel();
    g.setGuide(guide);
    assert.equal(g.mayPredict('low-damping'), true, 'a step ahead may be predicted');
    assert.equal(g.mayPredict('first-snap'), false, 'asks none');
    g.onEvent(event({ name: 'prediction', text: 'x', step: 'low-damping', member: 1, prediction: { choice: 2 } }), 1);
    assert.deepEqual(g.predictions.get('low-damping'), { choice: 2 });
    assert.equal(g.mayPredict('low-damping'), false);
    assert.equal(predictionWords(guide.steps[1], { choice: 2 }), 'two or more');
    assert.equal(predictionWords(guide.steps[2], { value: 98.5 }), '98.5 pt');
  });

  test('the instructor’s guide-step moves the open step (by its step, or "step N" in its text)', () => {
    const g = new GuideModel();
    g.setGuide(guide);
    assert.deepEqual(g.onEvent(event({ name: 'guide-step', text: 'Everyone to step 3: How far' }), 1), { kind: 'moved', step: 'hang' });
    assert.equal(g.stepState('hang'), 'open');
    assert.equal(movedTo(guide, { step: 'low-damping' }), 1);
    assert.equal(movedTo(guide, { text: 'Everyone to step 9: nothing' }), -1);
    g.onEvent(event({ name: 'step-done', text: 'x', step: 'hang', member: 1 }), 1);
    assert.equal(g.open, 3, 'every step behind: none open');
    g.reset();
    assert.equal(g.stepState('first-snap'), 'open');
    assert.equal(g.done.size, 0);
  });

  test('numbers typed either way', () => {
    assert.equal(parseNumber('120'), 120);
    assert.equal(parseNumber(' 0,5 '), 0.5);
    assert.equal(parseNumber('-1e2'), -100);
    assert.ok(Number.isNaN(parseNumber('NaN')));
    assert.ok(Number.isNaN(parseNumber('12pt')));
    assert.ok(Number.isNaN(parseNumber('')));
  });
});

describe('the roster', () => {
  const progress = validateServerMessage({
    type: 'progress',
    steps: [{ id: 'first-snap', done: 2 }, { id: 'low-damping', done: 0 }, { id: 'hang', done: 0 }],
    members: [
      { member: 1, name: 'Ana', open: 'low-damping', done: [{ step: 'first-snap', value: 2 }], predictions: [{ step: 'low-damping', prediction: { choice: 2 } }, { step: 'hang', prediction: { value: 100 } }] },
      { member: 2, name: 'Bo', open: 'low-damping', done: [{ step: 'first-snap', value: 4 }], predictions: [{ step: 'low-damping', prediction: { choice: 2 } }, { step: 'hang', prediction: { value: 80 } }] },
      { member: 3, name: 'Cy', open: 'first-snap', done: [], predictions: [{ step: 'low-damping', prediction: { choice: 0 } }, { step: 'hang', prediction: { value: 130 } }] },
    ],
  });

  test('rows per student and counts per step', () => {
    const rows = rosterRows(progress);
    assert.deepEqual(rows.map((r) => [r.name, [...r.done.keys()], r.open]), [['Ana', ['first-snap'], 'low-damping'], ['Bo', ['first-snap'], 'low-damping'], ['Cy', [], 'first-snap']]);
    assert.deepEqual([...doneCounts(progress)], [['first-snap', 2], ['low-damping', 0], ['hang', 0]]);
    assert.deepEqual(rosterRows(null), []);
  });

  test('the class’s choices, one bar per choice', () => {
    assert.deepEqual(predictionDistribution(progress, guide.steps[1]), { labels: ['none', 'once', 'two or more'], counts: [1, 0, 2], n: 3 });
  });

  test('the class’s numbers, in equal bins from the smallest to the largest', () => {
    const d = predictionDistribution(progress, guide.steps[2]);
    assert.equal(d.n, 3);
    assert.deepEqual(d.counts, [1, 1, 1]);
    assert.equal(d.labels[0], '80–96.67 pt');
    const same = validateServerMessage({ type: 'progress', steps: [], members: [1, 2].map((member) => ({ member, name: '', open: null, done: [], predictions: [{ step: 'hang', prediction: { value: 90 } }] })) });
    assert.deepEqual(predictionDistribution(same, guide.steps[2]), { labels: ['90 pt'], counts: [2], n: 2 });
    assert.deepEqual(predictionDistribution(null, guide.steps[2]), { labels: [], counts: [], n: 0 });
  });

  test('the prediction step to chart follows where the class is', () => {
    assert.equal(currentPredictionStep(progress, guide).id, 'low-damping', 'most are on it');
    const ahead = validateServerMessage({ type: 'progress', steps: [], members: [{ member: 1, name: '', open: 'first-snap', done: [], predictions: [] }] });
    assert.equal(currentPredictionStep(ahead, guide).id, 'low-damping', 'the next asking one');
    const past = validateServerMessage({ type: 'progress', steps: [], members: [{ member: 1, name: '', open: null, done: [], predictions: [] }] });
    assert.equal(currentPredictionStep(past, guide).id, 'low-damping', 'no open step: from the first');
    assert.equal(currentPredictionStep(progress, { steps: [guide.steps[0]] }), null);
  });
});

describe('the event log', () => {
  test('a step done is logged with the room’s line, in the page’s language when it sends texts', async () => {
    const { createRoomState, applyMessage, eventText } = await import('../js/room-state.js');
    const state = createRoomState();
    state.you = 1;
    state.members = [{ id: 1, name: 'Ana', role: 'student' }, { id: 2, name: 'Bo', role: 'student' }];
    applyMessage(state, validateServerMessage({ type: 'event', name: 'step-done', text: 'taps: 1', texts: { en: 'taps: 1', 'zh-CN': '点击：1' }, step: 'first-snap', member: 1, value: 1 }));
    applyMessage(state, validateServerMessage({ type: 'event', name: 'step-done', text: 'taps: 2', step: 'first-snap', member: 2, value: 2 }));
    applyMessage(state, validateServerMessage({ type: 'event', name: 'guide-step', text: 'Everyone to step 3: How far' }));
    const [mine, theirs, moved] = state.events;
    assert.deepEqual(eventText(state, mine), { text: 'Step done:', quote: 'taps: 1' });
    assert.deepEqual(eventText(state, theirs), { text: 'Bo did a step:', quote: 'taps: 2' });
    assert.deepEqual(eventText(state, moved), { text: 'Everyone moved to step 3', quote: undefined });
    await useLanguage('zh-CN');
    assert.deepEqual(eventText(state, mine), { text: '完成一步：', quote: '点击：1' });
    await useLanguage('en');
  });
});
