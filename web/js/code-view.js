// A small Swift highlighter for the lesson's code. `tokenizeSwift` is pure: source text in,
// `{type, text}` tokens out, whose texts concatenate back to the source exactly. `renderCode`
// turns them into spans with textContent (never innerHTML), one element per line.

export const SWIFT_KEYWORDS = new Set(
  (
    'associatedtype class deinit enum extension fileprivate func import init inout internal let open operator ' +
    'private precedencegroup protocol public rethrows static struct subscript typealias var break case catch ' +
    'continue default defer do else fallthrough for guard if in repeat return throw switch where while as ' +
    'false is nil self Self super throws true try async await some any convenience dynamic final lazy mutating ' +
    'nonmutating optional override required unowned weak get set willSet didSet indirect package consuming borrowing'
  ).split(' '),
);

const IDENT_START = /[A-Za-z_]/;
const IDENT = /[A-Za-z0-9_]/;

/**
 * Splits Swift source into tokens of type `comment`, `string`, `number`, `keyword`,
 * `attribute` (`@objc`), `type` (a capitalised name), `call` (a name followed by `(`),
 * `member` (a name after `.`), `punct` and `plain` (names, spaces, newlines).
 */
export function tokenizeSwift(src) {
  const s = typeof src === 'string' ? src : '';
  const out = [];
  const push = (type, text) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && last.type === type && (type === 'plain' || type === 'punct')) last.text += text;
    else out.push({ type, text });
  };
  let i = 0;
  const n = s.length;
  let prevSignificant = '';
  while (i < n) {
    const c = s[i];
    const c2 = s[i + 1];
    if (c === '/' && c2 === '/') {
      let j = s.indexOf('\n', i);
      if (j < 0) j = n;
      push('comment', s.slice(i, j));
      i = j;
      continue;
    }
    if (c === '/' && c2 === '*') {
      // Swift block comments nest.
      let depth = 0;
      let j = i;
      while (j < n) {
        if (s[j] === '/' && s[j + 1] === '*') {
          depth++;
          j += 2;
        } else if (s[j] === '*' && s[j + 1] === '/') {
          depth--;
          j += 2;
          if (depth === 0) break;
        } else j++;
      }
      push('comment', s.slice(i, j));
      i = j;
      continue;
    }
    if (c === '"') {
      const triple = s.startsWith('"""', i);
      let j = i + (triple ? 3 : 1);
      while (j < n) {
        if (s[j] === '\\') {
          j += 2;
          continue;
        }
        if (triple ? s.startsWith('"""', j) : s[j] === '"') {
          j += triple ? 3 : 1;
          break;
        }
        if (!triple && s[j] === '\n') break;
        j++;
      }
      push('string', s.slice(i, Math.min(j, n)));
      i = Math.min(j, n);
      prevSignificant = '"';
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(c2 || '') && !IDENT.test(prevSignificant))) {
      const m = /^(0x[0-9A-Fa-f_]+(\.[0-9A-Fa-f_]+)?([pP][+-]?[0-9]+)?|0b[01_]+|0o[0-7_]+|[0-9][0-9_]*(\.[0-9][0-9_]*)?([eE][+-]?[0-9_]+)?|\.[0-9][0-9_]*)/.exec(s.slice(i, i + 64));
      const t = m ? m[0] : c;
      push('number', t);
      i += t.length;
      prevSignificant = '0';
      continue;
    }
    if (c === '@' && IDENT_START.test(c2 || '')) {
      let j = i + 1;
      while (j < n && IDENT.test(s[j])) j++;
      push('attribute', s.slice(i, j));
      i = j;
      prevSignificant = 'a';
      continue;
    }
    if (IDENT_START.test(c) || (c === '`' && IDENT_START.test(c2 || ''))) {
      let j = i + (c === '`' ? 1 : 0);
      while (j < n && IDENT.test(s[j])) j++;
      if (c === '`' && s[j] === '`') j++;
      const word = s.slice(i, j);
      let type = 'plain';
      if (SWIFT_KEYWORDS.has(word) && prevSignificant !== '.') type = 'keyword';
      else if (prevSignificant === '.') type = /^[A-Z]/.test(word) ? 'type' : s[j] === '(' ? 'call' : 'member';
      else if (/^[A-Z]/.test(word)) type = 'type';
      else if (s[j] === '(') type = 'call';
      push(type, word);
      i = j;
      prevSignificant = 'a';
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\n') {
      let j = i;
      while (j < n && (s[j] === ' ' || s[j] === '\t' || s[j] === '\n')) j++;
      push('plain', s.slice(i, j));
      i = j;
      continue;
    }
    push(/[{}()[\]<>=+\-*/%!&|^~?:;,.]/.test(c) ? 'punct' : 'plain', c);
    prevSignificant = c;
    i++;
  }
  return out;
}

/** Tokens grouped into lines: an array of lines, each an array of tokens without '\n'. */
export function tokenLines(tokens) {
  const lines = [[]];
  for (const t of tokens) {
    const parts = t.text.split('\n');
    parts.forEach((p, k) => {
      if (k > 0) lines.push([]);
      if (p) lines[lines.length - 1].push({ type: t.type, text: p });
    });
  }
  return lines;
}

/** Fills `container` (a <code> element) with the highlighted source, one span per line. */
export function renderCode(container, source) {
  const doc = container.ownerDocument;
  const frag = doc.createDocumentFragment();
  const lines = tokenLines(tokenizeSwift(source));
  // Drop one trailing empty line, which a final newline leaves.
  if (lines.length > 1 && lines[lines.length - 1].length === 0) lines.pop();
  for (const line of lines) {
    const el = doc.createElement('span');
    el.className = 'line';
    for (const t of line) {
      if (t.type === 'plain') {
        el.appendChild(doc.createTextNode(t.text));
      } else {
        const span = doc.createElement('span');
        span.className = `tok-${t.type}`;
        span.textContent = t.text;
        el.appendChild(span);
      }
    }
    el.appendChild(doc.createTextNode('\n'));
    frag.appendChild(el);
  }
  container.replaceChildren(frag);
}
