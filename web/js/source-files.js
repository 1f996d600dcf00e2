// A lesson of several Swift files kept as one source (docs/protocol.md, "Running code"): each
// file begins with a line `// file: NAME.swift`. This mirrors the server's SourceFiles
// (Sources/LiveSwift/Compiler/SourceFiles.swift) exactly: the same markers, the same lines, the
// same join and split, so that the editor's tabs and the server agree on every line number.
// A source without markers is one file. Pure module: node --test imports it.

export const MARKER = '// file: ';
/** At most this many files make one lesson. */
export const MAX_FILES = 16;

const NAME_CHARS = /^[\p{L}\p{M}\p{N}_\-+. ]+$/u;

/** A plain Swift file name: letters, digits, `_`, `-`, `+`, `.` and spaces, ending `.swift`, at most 64. */
export function isFileName(name) {
  if (typeof name !== 'string') return false;
  const count = [...name].length;
  return count > 6 && count <= 64 && name.endsWith('.swift') && !name.startsWith('.') && NAME_CHARS.test(name);
}

/** The file name a marker line names, or null for any other line. */
export function fileNameInMarker(line) {
  if (!line.startsWith(MARKER)) return null;
  const name = line.slice(MARKER.length).replace(/^[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+|[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+$/g, '');
  return isFileName(name) ? name : null;
}

/**
 * The files of `source` in order, each `{name, firstLine}` (the 1-based line of the joined
 * source its first line is); `fileName` names the text before the first marker (the whole of
 * a source without markers), which is then `implicit` (it has no marker of its own).
 */
export function layout(source, fileName = 'main.swift') {
  const named = [];
  String(source).split('\n').forEach((text, i) => {
    const name = fileNameInMarker(text);
    if (name !== null) named.push({ name, firstLine: i + 2 });
  });
  const files = [];
  if (!named.length || named[0].firstLine > 2) files.push({ name: fileName, firstLine: 1, implicit: true });
  return files.concat(named);
}

/** The file and its own line of a global line: `{file, line}`. */
export function locate(files, line) {
  let file = null;
  for (const f of files) if (f.firstLine <= line) file = f;
  file = file || files[0];
  if (!file) return { file: '', line };
  return { file: file.name, line: line - file.firstLine + 1 };
}

/** The global line of `line` of the file named `name` (null when there is no such file). */
export function globalLine(files, name, line) {
  const file = files.find((f) => f.name === name);
  return file ? file.firstLine + line - 1 : null;
}

function marked(files) {
  return files.map((f) => MARKER + f.name + '\n' + (f.source.endsWith('\n') ? f.source : f.source + '\n')).join('');
}

/** One source of several files (`[{name, source}]`), each under its marker; a single file stays as it is. */
export function join(files) {
  if (files.length === 1) return files[0].source;
  return marked(files);
}

/**
 * The exact inverse of `split`: `split(unsplit(files))` gives `files` back, and
 * `unsplit(split(source))` is `source` again (`join` is not quite: a file whose text ends with
 * a blank line loses it). The editor joins its tabs with it. A first file that had no marker
 * (`implicit`, the text before the first marker) stays without one; `endsWithNewline` says
 * whether the source ended with a newline (every source `join` makes does).
 */
export function unsplit(files, endsWithNewline = true) {
  if (files.length === 1) return files[0].source;
  const text = files
    .map((f, i) => (i === 0 && f.implicit ? '' : MARKER + f.name + '\n') + f.source)
    .join('\n');
  return endsWithNewline ? `${text}\n` : text;
}

/** The files of a joined source, each `{name, source, implicit?}` with its own text (what `join` joined). */
export function split(source, fileName = 'main.swift') {
  source = String(source);
  const files = layout(source, fileName);
  const lines = source.split('\n');
  // `join` ends every file with a newline: the last line of each is then empty.
  const count = source.endsWith('\n') ? lines.length - 1 : lines.length;
  return files.map((file, index) => {
    const start = Math.min(file.firstLine - 1, count);
    const end = index + 1 < files.length ? files[index + 1].firstLine - 2 : count;
    const out = { name: file.name, source: lines.slice(start, Math.max(Math.min(end, count), start)).join('\n') };
    if (file.implicit) out.implicit = true;
    return out;
  });
}

/** Why these names cannot make one lesson (an English sentence, as the server says it), or null. */
export function problem(names) {
  if (!names.length) return 'a lesson needs at least one file';
  if (names.length > MAX_FILES) return `a lesson may have at most ${MAX_FILES} files; this one has ${names.length}`;
  const bad = names.find((n) => !isFileName(n));
  if (bad !== undefined) return `'${bad}' is not a file name a lesson may use (letters, digits, '_', '-', '+', '.', spaces; ending '.swift')`;
  const twice = names.find((n) => names.filter((m) => m === n).length > 1);
  if (twice !== undefined) return `the file name '${twice}' is used twice`;
  return null;
}

/**
 * Why a new file called `name` cannot join a lesson whose files are `names`, as a catalog key
 * of the page (`code.fileNameBad`, `code.fileNameTaken`, `code.tooManyFiles`), or null.
 */
export function newFileProblem(name, names) {
  if (names.length >= MAX_FILES) return 'code.tooManyFiles';
  if (!isFileName(name)) return 'code.fileNameBad';
  if (names.includes(name)) return 'code.fileNameTaken';
  return null;
}

/** A name as a student types it: trimmed, `.swift` added when it has no extension. */
export function normalizeFileName(typed) {
  const name = String(typed || '').trim();
  return name && !name.endsWith('.swift') ? `${name}.swift` : name;
}
