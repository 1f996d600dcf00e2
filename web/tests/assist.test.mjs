import './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { assistRequest, validateAssistMessage, helpKey, AssistClient } from '../js/assist-protocol.js';
import { validateServerMessage } from '../js/protocol.js';
import { helpEntry, unitOf } from '../js/quick-help.js';
import { insertionFor, completionDetail } from '../js/code-assist.js';
import { valueLabel } from '../js/playground.js';

describe('the assist request and its answer', () => {
  test('a request carries its place only where it has one', () => {
    assert.deepEqual(assistRequest('check', 'x', 7), { type: 'assist', ask: 'check', id: '7', source: 'x' });
    assert.deepEqual(assistRequest('complete', 'x', 'a1', 3.4, 0), { type: 'assist', ask: 'complete', id: 'a1', source: 'x', line: 3, column: 1 });
    assert.throws(() => assistRequest('run', 'x', 1), RangeError);
  });

  test('completions are kept, bad items dropped, lists capped', () => {
    const m = validateServerMessage({
      type: 'assist', ask: 'complete', id: 'a1', line: 3, column: 9,
      items: [
        { label: 'damping', insert: 'damping', kind: 'property', detail: 'CGFloat', key: 'UISnapBehavior.damping' },
        { label: 'addBehavior(_:)', insert: 'addBehavior', kind: 'method', args: [null], key: 'UIDynamicAnimator.addBehavior(_:)' },
        { label: 'x', insert: 'alert("hi")' },
        { label: '', insert: 'y' },
        'nonsense',
        ...Array.from({ length: 300 }, (_, i) => ({ label: `n${i}`, insert: `n${i}` })),
      ],
    });
    assert.equal(m.items[0].key, 'UISnapBehavior.damping');
    assert.deepEqual(m.items[1].args, [null]);
    assert.ok(m.items.every((i) => /^[\w]+$/.test(i.insert)));
    assert.ok(m.items.length <= 200);
    assert.equal(m.line, 3);
  });

  test('help keys are names, not markup; values and steps are checked', () => {
    assert.equal(helpKey('UIView.addSubview(_:)'), 'UIView.addSubview(_:)');
    assert.equal(helpKey('<img src=x>'), null);
    const v = validateAssistMessage({ ask: 'values', id: 1, values: [{ line: 4, text: '(1, 2)', count: 2 }, { line: -1, text: 'x' }], steps: [{ line: 4, items: [0, 'a', -1, 2] }] });
    assert.deepEqual(v.values, [{ line: 4, text: '(1, 2)', count: 2 }]);
    assert.deepEqual(v.steps, [{ line: 4, items: [0, 2] }]);
    assert.equal(validateAssistMessage({ ask: 'fly', id: 1 }), null);
    assert.equal(validateAssistMessage({ ask: 'check' }), null);
  });

  test('the client matches answers by id; a newer question of a kind makes the older moot', async () => {
    const sent = [];
    const client = new AssistClient((m) => sent.push(m) > 0, { timeoutMs: 50 });
    const first = client.ask('check', 'a');
    const second = client.ask('check', 'b');
    const help = client.ask('help', 'b', 1, 2);
    client.onMessage({ type: 'assist', ask: 'check', id: sent[1].id, diagnostics: [] });
    assert.equal(await first, null);
    assert.deepEqual((await second).diagnostics, []);
    assert.equal(await help, null, 'no answer in time');
    const unsent = new AssistClient(() => false);
    assert.equal(await unsent.ask('check', 'x'), null);
  });
});

describe('completion and quick help on the page', () => {
  const catalog = {
    'UISnapBehavior.damping': { summary: 'How much it wobbles', unit: '0 to 1', default: '0.5', example: 'snap.damping = 0.3' },
    'UIDynamicAnimator.addBehavior(_:)': { summary: 'Starts a behaviour', params: [{ name: 'behavior', text: 'the behaviour' }], example: 'animator.addBehavior(gravity)' },
    evil: { summary: 7 },
  };

  test('an entry is read as text; a missing or malformed one is null', () => {
    assert.equal(unitOf(helpEntry(catalog, 'UISnapBehavior.damping')), '0 to 1');
    assert.equal(helpEntry(catalog, 'evil'), null);
    assert.equal(helpEntry(catalog, 'toString'), null);
    assert.equal(helpEntry(catalog, 'nope'), null);
  });

  test('a call is inserted with its labels and the help catalog names its unlabelled arguments', () => {
    const entry = helpEntry(catalog, 'UIDynamicAnimator.addBehavior(_:)');
    const call = insertionFor({ insert: 'addBehavior', args: [null] }, entry);
    assert.equal(call.text, 'addBehavior(behavior)');
    assert.deepEqual(call.placeholders, [{ start: 12, end: 20 }]);
    const init = insertionFor({ insert: 'UISnapBehavior', args: ['item', 'snapTo'] }, null);
    assert.equal(init.text, 'UISnapBehavior(item: item, snapTo: snapTo)');
    assert.equal(insertionFor({ insert: 'damping' }, null).text, 'damping');
    assert.equal(completionDetail({ detail: 'CGFloat' }, helpEntry(catalog, 'UISnapBehavior.damping')), 'CGFloat · 0 to 1');
  });

  test('a value that ran more than once says how many times', () => {
    assert.equal(valueLabel({ text: '(1, 2)', count: 1 }, (n) => `×${n}`), '(1, 2)');
    assert.equal(valueLabel({ text: '3', count: 4 }, (n) => `×${n}`), '3  ×4');
  });
});
