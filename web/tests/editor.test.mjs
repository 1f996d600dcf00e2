import './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { describeDiagnostic, placeDiagnostics } from '../js/editor.js';
import { codeStatus, parseRuntimeError } from '../js/code-panel.js';
import { createRoomState, applyMessage, canEditCode, runningCode, errorText } from '../js/room-state.js';
import { validateServerMessage, msg, isSendable } from '../js/protocol.js';
import { welcome as classWelcome } from './fixtures.mjs';

const welcome = (o = {}) =>
  classWelcome({ room: 'K7QX2M', lesson: { id: 'snap', title: 'Snap', code: 'own code', gestures: ['tap'] }, ...o });

describe('who may edit the code', () => {
  test('a public lesson room is read only for everyone', () => {
    const s = createRoomState();
    applyMessage(s, welcome({ room: 'snap', code: null, role: 'student' }));
    assert.equal(canEditCode(s), false);
    assert.equal(codeStatus(s).tryIt, true);
  });

  test('in a class the instructor edits, a student only while let', () => {
    const s = createRoomState();
    applyMessage(s, welcome({ role: 'instructor', you: 1 }));
    assert.equal(canEditCode(s), true);
    const t = createRoomState();
    applyMessage(t, welcome());
    assert.equal(canEditCode(t), false);
    applyMessage(t, validateServerMessage({ type: 'room', editor: 2 }));
    assert.equal(t.editor, 2);
    assert.equal(canEditCode(t), true);
    assert.match(codeStatus(t).text, /lets you edit/);
    applyMessage(t, validateServerMessage({ type: 'room', editor: null }));
    assert.equal(canEditCode(t), false);
  });
});

describe('the running code', () => {
  test('welcome with source runs edited code; a code message replaces it and the parameters', () => {
    const s = createRoomState();
    applyMessage(s, welcome({ source: 'edited', editor: 2 }));
    assert.equal(runningCode(s), 'edited');
    assert.equal(s.editor, 2);
    const changed = applyMessage(s, validateServerMessage({ type: 'code', source: 'newer', by: 1, name: 'Teacher', gestures: ['pan', 'bogus'], bounds: { w: 200, h: 1e9 } }));
    assert.ok(changed.has('code'));
    assert.equal(runningCode(s), 'newer');
    assert.deepEqual(s.lesson.gestures, ['pan']);
    assert.deepEqual(s.bounds, { w: 200, h: 1e5 });
    assert.deepEqual(s.params, [], 'the new code sends its own parameters');
    applyMessage(s, validateServerMessage({ type: 'code', source: null, by: 1 }));
    assert.equal(runningCode(s), 'own code', 'revert: the lesson’s own code');
  });

  test('a compile error keeps its diagnostics, validated', () => {
    const m = validateServerMessage({
      type: 'error', code: 'compile-error', message: 'line 2, column 5: expected expression',
      diagnostics: [{ line: 2, column: 5, message: 'expected expression' }, { line: 0, column: 1, message: 'bad' }, 'x', { line: 3.4, column: -2 }],
    });
    assert.deepEqual(m.diagnostics, [{ line: 2, column: 5, message: 'expected expression' }, { line: 3, column: 1, message: 'error' }]);
    assert.match(errorText(m), /did not compile/);
  });

  test('messages to run, revert and let edit', () => {
    assert.deepEqual(msg.code('let a = 1'), { type: 'code', source: 'let a = 1' });
    assert.deepEqual(msg.revert(), { type: 'revert' });
    assert.deepEqual(msg.control('edit', { member: 3 }), { type: 'control', action: 'edit', member: 3 });
    assert.deepEqual(msg.control('edit', { member: null }), { type: 'control', action: 'edit', member: null });
    assert.ok(isSendable(msg.code('x')));
  });
});

describe('diagnostics in the editor', () => {
  test('described as Xcode does, placed inside the document', () => {
    assert.equal(describeDiagnostic({ line: 3, column: 9, message: 'cannot find x' }), 'Line 3, column 9: cannot find x');
    assert.deepEqual(placeDiagnostics([{ line: 40, column: 1, message: 'm' }, { line: 2, column: 1, message: 'n' }], 10).map((d) => d.line), [10, 2]);
  });
});

describe('run-time errors', () => {
  test('the interpreter’s file:line:column form gives the line', () => {
    assert.deepEqual(parseRuntimeError('SnapLesson.swift:21:15: error: index 3 is out of range'), { file: 'SnapLesson.swift', line: 21, column: 15, message: 'index 3 is out of range' });
    assert.deepEqual(parseRuntimeError('Ball Drop.swift:4:2: error: unexpectedly found nil'), { file: 'Ball Drop.swift', line: 4, column: 2, message: 'unexpectedly found nil' });
    assert.deepEqual(parseRuntimeError('12:3: unexpectedly found nil'), { line: 12, column: 3, message: 'unexpectedly found nil' });
    assert.equal(parseRuntimeError('the lesson stopped'), null);
  });
});

describe('a student’s code shown to the class', () => {
  test('shared marks the member for the instructor until they leave', () => {
    const s = createRoomState();
    applyMessage(s, welcome({ role: 'instructor', you: 1 }));
    applyMessage(s, validateServerMessage({ type: 'shared', member: 2, name: 'Ada' }));
    assert.deepEqual(s.shared, [2]);
    assert.equal(validateServerMessage({ type: 'shared', member: 'x' }), null);
    applyMessage(s, validateServerMessage({ type: 'presence', clients: 1, members: [{ id: 1, name: 'Teacher', role: 'instructor' }] }));
    assert.deepEqual(s.shared, []);
    assert.deepEqual(msg.share('x'), { type: 'share', source: 'x' });
    assert.deepEqual(msg.control('show', { member: 2 }), { type: 'control', action: 'show', member: 2 });
  });
});
