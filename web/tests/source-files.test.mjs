import './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_FILES, isFileName, fileNameInMarker, layout, locate, globalLine, join, unsplit, split, problem, newFileProblem, normalizeFileName } from '../js/source-files.js';
import { resolveDiagnostics, fileOfLine, withFirstLines, describeDiagnosticInFile } from '../js/editor.js';
import { normalizeDiagnostics, validateServerMessage } from '../js/protocol.js';
import { errorText } from '../js/room-state.js';
import { parseRuntimeError } from '../js/code-panel.js';

const ball = 'import UIKit\n\nclass Ball: UIView {}';
const lesson = 'class LessonViewController: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n    }\n}\n';
const joined = '// file: Ball.swift\nimport UIKit\n\nclass Ball: UIView {}\n// file: Lesson.swift\nclass LessonViewController: UIViewController {\n    override func viewDidLoad() {\n        super.viewDidLoad()\n    }\n}\n';

describe('a lesson of several files as one source (SourceFiles)', () => {
  test('file names: letters, digits, _ - + . and spaces, ending .swift, at most 64', () => {
    for (const ok of ['Ball.swift', 'Ball Drop.swift', 'a+b-c_d.e.swift', '球.swift', `${'x'.repeat(58)}.swift`]) assert.ok(isFileName(ok), ok);
    for (const bad of ['.swift', 'x.swif', '.hidden.swift', 'a/b.swift', 'a:b.swift', `${'x'.repeat(59)}.swift`, '', null, 'Ball.swift\n']) assert.ok(!isFileName(bad), String(bad));
  });

  test('a marker line names its file; anything else is code', () => {
    assert.equal(fileNameInMarker('// file: Ball.swift'), 'Ball.swift');
    assert.equal(fileNameInMarker('// file:   Ball.swift  '), 'Ball.swift');
    assert.equal(fileNameInMarker('//file: Ball.swift'), null);
    assert.equal(fileNameInMarker(' // file: Ball.swift'), null);
    assert.equal(fileNameInMarker('// file: ball.txt'), null);
  });

  test('join puts each file under its marker with a final newline; one file stays as it is', () => {
    assert.equal(join([{ name: 'Ball.swift', source: ball }, { name: 'Lesson.swift', source: lesson }]), joined);
    assert.equal(join([{ name: 'Only.swift', source: 'let a = 1' }]), 'let a = 1');
  });

  test('split gives back what join joined, and join of split is the same source', () => {
    const files = split(joined);
    assert.deepEqual(files, [{ name: 'Ball.swift', source: ball }, { name: 'Lesson.swift', source: lesson.replace(/\n$/, '') }]);
    assert.equal(join(files), joined);
    assert.deepEqual(split('let a = 1\n'), [{ name: 'main.swift', source: 'let a = 1', implicit: true }]);
    assert.deepEqual(split('', 'X.swift'), [{ name: 'X.swift', source: '', implicit: true }]);
    // Blank lines at a file's end survive the round trip (join adds a newline only where missing).
    const blank = join([{ name: 'A.swift', source: 'a\n\n' }, { name: 'B.swift', source: '' }]);
    assert.equal(blank, '// file: A.swift\na\n\n// file: B.swift\n\n');
    assert.deepEqual(split(blank), [{ name: 'A.swift', source: 'a\n' }, { name: 'B.swift', source: '' }]);
    // …where `join` (as the server's) would lose it: the editor joins its tabs with `unsplit`.
    assert.notEqual(join(split(blank)), blank);
    assert.equal(unsplit(split(blank)), blank);
    assert.deepEqual(split(unsplit(split(blank))), split(blank));
    assert.equal(unsplit(split('// file: A.swift\na\n// file: B.swift\nb'), false), '// file: A.swift\na\n// file: B.swift\nb');
  });

  test('text before the first marker is a file of its own, named by the caller', () => {
    const source = 'let a = 1\n// file: B.swift\nlet b = 2\n';
    assert.deepEqual(layout(source, 'Lesson.swift'), [{ name: 'Lesson.swift', firstLine: 1, implicit: true }, { name: 'B.swift', firstLine: 3 }]);
    const files = split(source, 'Lesson.swift');
    assert.deepEqual(files, [{ name: 'Lesson.swift', source: 'let a = 1', implicit: true }, { name: 'B.swift', source: 'let b = 2' }]);
    // The editor keeps such a file without a marker: the source reads as it was written.
    assert.equal(unsplit(files), source);
    assert.equal(unsplit(split(joined)), joined);
    assert.equal(unsplit(split('\n// file: B.swift\nb\n')), '\n// file: B.swift\nb\n');
    // A marker on the first line: no file before it.
    assert.deepEqual(layout(joined).map((f) => f.name), ['Ball.swift', 'Lesson.swift']);
    // One marker alone: one file.
    assert.equal(layout('// file: A.swift\nlet a = 1\n').length, 1);
  });

  test('locate gives each global line its file and own line, as the server reports them', () => {
    const files = layout(joined);
    assert.deepEqual(locate(files, 2), { file: 'Ball.swift', line: 1 });
    assert.deepEqual(locate(files, 4), { file: 'Ball.swift', line: 3 });
    assert.deepEqual(locate(files, 6), { file: 'Lesson.swift', line: 1 });
    assert.deepEqual(locate(files, 8), { file: 'Lesson.swift', line: 3 });
    assert.equal(globalLine(files, 'Lesson.swift', 3), 8);
    assert.equal(globalLine(files, 'Nope.swift', 3), null);
    assert.deepEqual(locate([], 3), { file: '', line: 3 });
  });

  test('names a lesson may not have, as the server says them', () => {
    assert.equal(problem(['A.swift', 'B.swift']), null);
    assert.match(problem([]), /at least one/);
    assert.match(problem(Array.from({ length: MAX_FILES + 1 }, (_, i) => `F${i}.swift`)), /at most 16/);
    assert.match(problem(['a/b.swift']), /not a file name/);
    assert.match(problem(['A.swift', 'A.swift']), /used twice/);
  });

  test('a new file’s name as typed: .swift added, checked against the others', () => {
    assert.equal(normalizeFileName(' Ball '), 'Ball.swift');
    assert.equal(normalizeFileName('Ball.swift'), 'Ball.swift');
    assert.equal(newFileProblem('Ball.swift', ['A.swift']), null);
    assert.equal(newFileProblem('Ball.swift', ['Ball.swift']), 'code.fileNameTaken');
    assert.equal(newFileProblem('a/b.swift', ['A.swift']), 'code.fileNameBad');
    assert.equal(newFileProblem('C.swift', Array.from({ length: MAX_FILES }, (_, i) => `F${i}.swift`)), 'code.tooManyFiles');
  });
});

describe('the editor’s tabs and the joined source’s lines', () => {
  const tabs = withFirstLines(split(joined).map((f) => ({ name: f.name, implicit: !!f.implicit, text: f.source })));

  test('each tab’s first line in the joined source', () => {
    assert.deepEqual(tabs.map((f) => f.firstLine), layout(joined).map((f) => f.firstLine));
    const lead = withFirstLines(split('let a = 1\n// file: B.swift\nlet b = 2\n').map((f) => ({ name: f.name, implicit: !!f.implicit, text: f.source })));
    assert.deepEqual(lead.map((f) => f.firstLine), [1, 3]);
    const blanks = '// file: A.swift\na\n\n\n// file: B.swift\nb\n';
    assert.deepEqual(withFirstLines(split(blanks).map((f) => ({ name: f.name, text: f.source }))).map((f) => f.firstLine), layout(blanks).map((f) => f.firstLine));
    assert.deepEqual(withFirstLines([{ name: null, implicit: true, text: 'a\nb' }]).map((f) => f.firstLine), [1]);
  });

  test('a joined line is a tab and its own line', () => {
    assert.deepEqual(fileOfLine(tabs, 3), { index: 0, line: 2 });
    assert.deepEqual(fileOfLine(tabs, 7), { index: 1, line: 2 });
  });

  test('diagnostics go to their file: by name, or by a joined line', () => {
    const placed = resolveDiagnostics([
      { file: 'Lesson.swift', line: 3, column: 9, message: 'cannot find x' },
      { line: 3, column: 1, message: 'joined' },
      { file: 'OtherLesson.swift', line: 2, column: 1, message: 'unknown file' },
    ], tabs, 0);
    assert.deepEqual(placed.map((d) => [d.index, d.line]), [[1, 3], [0, 2], [0, 2]]);
    // A lesson of one file: every diagnostic is its own, whatever file it names.
    assert.deepEqual(resolveDiagnostics([{ file: 'Snap.swift', line: 4, column: 1, message: 'm' }], [{ name: null, firstLine: 1 }]).map((d) => [d.index, d.line]), [[0, 4]]);
    assert.equal(describeDiagnosticInFile({ file: 'Lesson.swift', line: 3, column: 9, message: 'cannot find x' }), 'Lesson.swift, line 3, column 9: cannot find x');
  });

  test('a compile error keeps the file it names (a name, never markup)', () => {
    assert.deepEqual(normalizeDiagnostics([{ line: 2, column: 3, message: 'm', file: 'Ball.swift' }, { line: 2, column: 3, message: 'm', file: '<img>.swift' }]),
      [{ line: 2, column: 3, message: 'm', file: 'Ball.swift' }, { line: 2, column: 3, message: 'm' }]);
    const m = validateServerMessage({ type: 'error', code: 'compile-error', message: 'x', diagnostics: [{ file: 'Lesson.swift', line: 3, column: 9, message: 'x' }] });
    assert.equal(m.diagnostics[0].file, 'Lesson.swift');
    assert.equal(errorText(m), 'The code did not compile: Lesson.swift, line 3, column 9: x');
  });

  test('a run-time error names its file and the file’s own line', () => {
    const d = parseRuntimeError('Ball Drop.swift:12:9: error: unexpectedly found nil');
    assert.deepEqual(d, { file: 'Ball Drop.swift', line: 12, column: 9, message: 'unexpectedly found nil' });
    const tabs = [{ name: 'Lesson.swift', firstLine: 2 }, { name: 'Ball Drop.swift', firstLine: 40 }];
    assert.deepEqual(resolveDiagnostics([d], tabs, 0).map((x) => [x.index, x.line]), [[1, 12]]);
  });
});
