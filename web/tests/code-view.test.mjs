import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tokenizeSwift, tokenLines } from '../js/code-view.js';

const SAMPLE = `import UIKitDynamics

/// The snap lesson.
final class SnapLesson: Lesson {
    @objc var snap: UISnapBehavior? = nil /* nested /* comment */ still */
    let damping: CGFloat = 0.75, big = 1_000.5e-3, hex = 0xFF
    func tap(at point: CGPoint) {
        snap = UISnapBehavior(item: frog, snapTo: point)
        collision.collisionMode = .boundaries
        print("Frog \\(name) \\"collided\\"")
        let s = """
        many "lines"
        """
    }
}
`;

const typeOf = (tokens, text) => tokens.find((t) => t.text === text)?.type;

test('tokens concatenate back to the source exactly', () => {
  assert.equal(tokenizeSwift(SAMPLE).map((t) => t.text).join(''), SAMPLE);
  for (const weird of ['"unterminated', '/* open', '@', '`class`', '.5 + a.5', '"a\\', '\u00e9t\u00e9 = 1', '']) {
    assert.equal(tokenizeSwift(weird).map((t) => t.text).join(''), weird, weird);
  }
});

test('keywords, types, calls, members, numbers, strings, comments, attributes', () => {
  const t = tokenizeSwift(SAMPLE);
  assert.equal(typeOf(t, 'import'), 'keyword');
  assert.equal(typeOf(t, 'final'), 'keyword');
  assert.equal(typeOf(t, 'func'), 'keyword');
  assert.equal(typeOf(t, 'UISnapBehavior'), 'type');
  assert.equal(typeOf(t, 'CGFloat'), 'type');
  assert.equal(typeOf(t, 'print'), 'call');
  assert.equal(typeOf(t, 'boundaries'), 'member');
  assert.equal(typeOf(t, 'collisionMode'), 'member');
  assert.equal(typeOf(t, '0.75'), 'number');
  assert.equal(typeOf(t, '1_000.5e-3'), 'number');
  assert.equal(typeOf(t, '0xFF'), 'number');
  assert.equal(typeOf(t, '@objc'), 'attribute');
  assert.equal(typeOf(t, '/// The snap lesson.'), 'comment');
  assert.equal(typeOf(t, '/* nested /* comment */ still */'), 'comment');
  assert.equal(typeOf(t, '"Frog \\(name) \\"collided\\""'), 'string');
  assert.ok(t.some((x) => x.type === 'string' && x.text.startsWith('"""') && x.text.endsWith('"""') && x.text.includes('\n')));
  assert.ok(t.some((x) => x.type === 'plain' && /\bpoint\b/.test(x.text)));
});

test('a keyword after a dot is a member, not a keyword', () => {
  const t = tokenizeSwift('x.default + y.init()');
  assert.equal(typeOf(t, 'default'), 'member');
  assert.equal(typeOf(t, 'init'), 'call');
});

test('markup in the source is just text', () => {
  const src = 'let s = "<script>alert(1)</script>" // <b>';
  const t = tokenizeSwift(src);
  assert.equal(t.map((x) => x.text).join(''), src);
  assert.ok(t.some((x) => x.type === 'string' && x.text.includes('<script>')));
});

test('tokenLines splits multi-line tokens into lines without newlines', () => {
  const lines = tokenLines(tokenizeSwift('a /* x\ny */ b\n"c"'));
  assert.equal(lines.length, 3);
  assert.deepEqual(lines[0].map((t) => t.type), ['plain', 'comment']);
  assert.deepEqual(lines[1][0], { type: 'comment', text: 'y */' });
  assert.deepEqual(lines[2], [{ type: 'string', text: '"c"' }]);
  for (const line of lines) for (const tok of line) assert.ok(!tok.text.includes('\n'));
  assert.equal(lines.map((l) => l.map((t) => t.text).join('')).join('\n'), 'a /* x\ny */ b\n"c"');
});

test('non-string input gives no tokens', () => {
  assert.deepEqual(tokenizeSwift(null), []);
});
