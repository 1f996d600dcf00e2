// The lesson's code in a real editor: CodeMirror 5 from Debian's libjs-codemirror, served by
// the server under /lib/ (no build step), with its Swift mode. Run (the button, Ctrl/Cmd-Enter)
// hands the text to `onRun`; diagnostics show as Xcode shows them: a red mark in the gutter,
// the message under its line, and the first one in `[data-code-error]` (1-based `data-line`).
// When CodeMirror cannot be loaded the code is a plain <textarea>, still editable and runnable.
// A lesson of several files (`// file: NAME.swift` markers, js/source-files.js) shows as tabs
// above the editor, as Xcode and Swift Playgrounds show them: one CodeMirror Doc per file (each
// keeps its own undo history and cursor); `value()` is always the joined source, which Run,
// Send and the helpers use. A lesson of one file shows no tabs.

export const CODEMIRROR_BASE = '/lib/codemirror';
const SCRIPTS = [
  'lib/codemirror.js', 'mode/swift/swift.js', 'addon/edit/matchbrackets.js', 'addon/edit/closebrackets.js', 'addon/comment/comment.js',
  // The playground's helpers (js/code-assist.js): completion and checking as one types.
  'addon/hint/show-hint.js', 'addon/lint/lint.js',
];
const STYLES = ['lib/codemirror.css', 'addon/hint/show-hint.css', 'addon/lint/lint.css'];

import { addScript } from './scripts.js';
import { t, onLanguageChange } from './i18n.js';
import { layout, split, unsplit, normalizeFileName, newFileProblem } from './source-files.js';

let loading = null;

/** Loads CodeMirror once per page; resolves to `window.CodeMirror`, or null when it is not served. */
export function loadCodeMirror(doc = document, base = CODEMIRROR_BASE) {
  if (!loading) {
    for (const href of STYLES) {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = `${base}/${href}`;
      // Before the page's own sheet, so that style.css themes the editor.
      doc.head.insertBefore(link, doc.head.querySelector('link[rel="stylesheet"]'));
    }
    loading = Promise.all(SCRIPTS.map((src) => addScript(doc, `${base}/${src}`)))
      .then(() => doc.defaultView.CodeMirror || null)
      .catch(() => null);
  }
  return loading;
}

/** The text shown for a diagnostic: "Line 3, column 5: expected expression". */
export function describeDiagnostic(d) {
  return t('code.diagnostic', { line: d.line, column: d.column, message: d.message });
}

/** A diagnostic of a file of several: "Ball.swift, line 3, column 5: expected expression". */
export function describeDiagnosticInFile(d) {
  return t('code.diagnosticInFile', { file: d.file, line: d.line, column: d.column, message: d.message });
}

/**
 * Where each diagnostic belongs among `files` (`[{name, implicit?, firstLine}]`, the editor's
 * tabs): `{...d, index}` with its own line. A diagnostic naming a file is at that file's line
 * (a name no tab has, as a one-file lesson's own file name, is the unnamed first file's, else
 * the current one's); one naming none is at a line of the joined source.
 */
export function resolveDiagnostics(diagnostics, files, current = 0) {
  if (files.length < 2) return diagnostics.map((d) => ({ ...d, index: 0 }));
  const lead = files.findIndex((f) => f.implicit);
  return diagnostics.map((d) => {
    if (d.file) {
      let index = files.findIndex((f) => f.name === d.file);
      if (index < 0) index = lead >= 0 ? lead : current;
      return { ...d, index };
    }
    const { index, line } = fileOfLine(files, d.line);
    return { ...d, index, line };
  });
}

/** The tab index and own line of a joined line among `files` (`[{firstLine}]`). */
export function fileOfLine(files, line) {
  let index = 0;
  files.forEach((f, i) => {
    if (f.firstLine <= line) index = i;
  });
  return { index, line: Math.max(1, line - files[index].firstLine + 1) };
}

/** Each file's first line in the joined source: `[{name, implicit, text}]` → the same with `firstLine`. */
export function withFirstLines(files) {
  let line = 1;
  return files.map((f, i) => {
    if (files.length > 1 && !(i === 0 && f.implicit)) line += 1; // its marker
    const out = { ...f, firstLine: line };
    line += f.text.split('\n').length; // as `unsplit` joins them
    return out;
  });
}

/** Diagnostics clamped to a document of `lineCount` lines (a stale line number stays visible). */
export function placeDiagnostics(diagnostics, lineCount) {
  const last = Math.max(1, lineCount);
  return diagnostics.map((d) => ({ ...d, line: Math.min(Math.max(1, d.line), last) }));
}

export class CodeEditor {
  /**
   * @param host the `[data-lesson-code]` element the editor lives in
   * @param errorBox the `[data-code-error]` element
   * @param onRun called with the text to run (the joined source of every file)
   * @param helpers the editor's helpers (js/code-assist.js, js/playground.js): `attach(cm)`
   *   once mounted, `keys()` to bind, `updateChecking()` when read-only changes, `onEdit()`,
   *   `onSwitch()` when another file's tab is shown
   */
  constructor(host, errorBox, { onRun, helpers = null }) {
    this.host = host;
    this.errorBox = errorBox;
    this.onRun = onRun;
    this.helpers = helpers;
    this.cm = null;
    this.readOnly = true;
    this.widgets = [];
    this.marks = [];
    this.diagnostics = [];
    this.text = '';
    // The files: `{name, implicit, doc}` (doc: a CodeMirror Doc once mounted); one, unnamed, for
    // a lesson of one file. `current` is the one shown.
    this.files = [{ name: null, implicit: true, doc: null }];
    this.current = 0;
    this.endsWithNewline = true;
    // Until CodeMirror is there (or for good, when it is not served): a plain textarea.
    this.area = host.ownerDocument.createElement('textarea');
    this.area.className = 'code-fallback';
    this.area.spellcheck = false;
    this.area.setAttribute('aria-label', t('code.editorLabel'));
    onLanguageChange(() => this.area.setAttribute('aria-label', t('code.editorLabel')));
    this.area.readOnly = true;
    this.area.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) {
        ev.preventDefault();
        this.run();
      }
    });
    host.replaceChildren(this.area);
    this.buildTabs();
    loadCodeMirror(host.ownerDocument).then((CodeMirror) => {
      if (CodeMirror) this.mount(CodeMirror);
    });
  }

  mount(CodeMirror) {
    const value = this.value();
    this.CodeMirror = CodeMirror;
    this.host.replaceChildren();
    // Tab indents, as in Xcode; Escape then Tab (or Shift-Tab) leaves the editor, so that the
    // keyboard is never trapped in it (WCAG 2.1.2): a key bound to `false` is left to the
    // browser. A read-only editor lets Tab go at once.
    const base = {
      'Ctrl-Enter': () => this.run(), 'Cmd-Enter': () => this.run(), 'Ctrl-/': 'toggleComment', 'Cmd-/': 'toggleComment',
      ...(this.helpers ? this.helpers.keys() : {}),
    };
    const leave = { ...base, Tab: false, 'Shift-Tab': false };
    const indent = { ...base, Tab: 'insertSoftTab', 'Shift-Tab': 'indentLess', Esc: (cm) => cm.setOption('extraKeys', leave) };
    this.tabKeys = (leaving) => (leaving || this.readOnly ? leave : indent);
    const runKeys = this.tabKeys(false);
    const several = layout(value).length > 1;
    this.cm = CodeMirror(this.host, {
      value: several ? '' : value,
      mode: 'swift',
      theme: 'xcode-dark',
      lineNumbers: true,
      lineWrapping: true, // as Xcode wraps: the whole line in view, whatever the panel's width
      indentUnit: 4,
      tabSize: 4,
      indentWithTabs: false,
      matchBrackets: true,
      autoCloseBrackets: true,
      readOnly: this.readOnly,
      gutters: ['code-errors', 'CodeMirror-lint-markers', 'CodeMirror-linenumbers'],
      extraKeys: runKeys,
      // Lessons are short: render every line, so that the whole code is in the DOM.
      viewportMargin: Infinity,
      screenReaderLabel: t('code.editorLabel'),
    });
    this.files[0].doc = this.cm.getDoc();
    if (several) this.loadFiles(value);
    const indentAgain = (cm) => {
      if (cm.getOption('extraKeys') !== this.tabKeys(false)) cm.setOption('extraKeys', this.tabKeys(false));
    };
    this.cm.on('keydown', (cm, ev) => {
      if (!['Escape', 'Tab', 'Shift'].includes(ev.key)) indentAgain(cm);
    });
    this.cm.on('focus', indentAgain);
    this.cm.on('change', (_cm, change) => {
      if (change.origin !== 'setValue') this.host.dataset.edited = String(this.value() !== this.text);
      if (this.helpers) this.helpers.onEdit();
    });
    // The scrolled code is a region of its own that the keyboard can reach and scroll (its
    // input sits outside it), in the page's language.
    const scroller = this.cm.getScrollerElement();
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    const label = () => {
      scroller.setAttribute('aria-label', t('code.editorLabel'));
      this.cm.setOption('screenReaderLabel', t('code.editorLabel'));
    };
    label();
    onLanguageChange(label);
    this.host.dataset.editor = 'codemirror';
    if (this.diagnostics.length) this.showDiagnostics(this.diagnostics);
    if (this.helpers) this.helpers.attach(this.cm);
  }

  /** After the editor was hidden (a phone's Code button): measure and draw again. */
  refresh() {
    if (this.cm) this.cm.refresh();
  }

  /** The whole code: the joined source of every file (a lesson of one file: its text). */
  value() {
    if (!this.cm) return this.area.value;
    if (this.files.length === 1) return this.cm.getValue();
    return unsplit(this.files.map((f) => ({ name: f.name, implicit: f.implicit, source: f.doc.getValue() })), this.endsWithNewline);
  }

  /** True when the code shows as tabs (two files or more). */
  get multiFile() {
    return this.files.length > 1;
  }

  /** The files with the first line of each in the joined source: `[{name, implicit, text, firstLine}]`. */
  layout() {
    if (!this.cm) return [{ name: null, implicit: true, text: this.area.value, firstLine: 1 }];
    return withFirstLines(this.files.map((f) => ({ name: f.name, implicit: f.implicit, text: f.doc.getValue() })));
  }

  /** The joined source's line of the current file's `line` (1-based). */
  toJoinedLine(line) {
    if (!this.multiFile) return line;
    return this.layout()[this.current].firstLine + line - 1;
  }

  /** The current file's own line of a joined line, or null when it is in another file. */
  fromJoinedLine(line) {
    if (!this.multiFile) return line;
    const { index, line: own } = fileOfLine(this.layout(), line);
    return index === this.current ? own : null;
  }

  /** Shows the file of a joined line (switching tabs when it is another's): `{doc, line}` (its own line). */
  revealJoinedLine(line) {
    if (!this.multiFile) return { doc: this.cm ? this.cm.getDoc() : null, line };
    const { index, line: own } = fileOfLine(this.layout(), line);
    if (index !== this.current) this.select(index);
    return { doc: this.files[index].doc, line: own };
  }

  /** The file shown: its name (null for a lesson of one file). */
  currentName() {
    return this.files[this.current].name;
  }

  /** Shows `text` as the code (what the room runs now); the view keeps its place where it can. */
  setCode(text) {
    this.text = text;
    this.host.dataset.edited = 'false';
    // The same code in the same shape (a lesson of several files pasted into one is shown as tabs once it runs).
    if (this.value() === text && (!this.cm || this.multiFile === layout(text).length > 1)) return;
    if (this.cm) {
      this.loadFiles(text);
    } else {
      // defaultValue is the textarea's text content too, so the code reads as text in the DOM.
      this.area.defaultValue = text;
      this.area.value = text;
    }
  }

  /** Puts `text` in the editor: one Doc, or one per file when it has several. */
  loadFiles(text) {
    const parts = layout(text).length > 1 ? split(text) : null;
    const shown = this.currentName();
    this.clearRendered();
    if (!parts) {
      const scroll = this.cm.getScrollInfo();
      if (this.multiFile) {
        this.files = [{ name: null, implicit: true, doc: null }];
        this.current = 0;
        this.cm.swapDoc(new this.CodeMirror.Doc(text, 'swift'));
      } else {
        this.cm.setValue(text);
      }
      this.files[0].doc = this.cm.getDoc();
      this.cm.clearHistory();
      this.cm.scrollTo(scroll.left, scroll.top);
    } else {
      this.endsWithNewline = text.endsWith('\n');
      // Each file its own Doc: its own undo history, cursor and scroll.
      this.files = parts.map((p) => ({ name: p.name, implicit: !!p.implicit, doc: new this.CodeMirror.Doc(p.source, 'swift') }));
      const again = this.files.findIndex((f) => f.name === shown);
      this.current = again >= 0 ? again : 0;
      this.cm.swapDoc(this.files[this.current].doc);
    }
    this.renderTabs();
    this.renderDiagnostics();
  }

  // ---- the tabs

  buildTabs() {
    const doc = this.host.ownerDocument;
    if (!this.host.id) this.host.id = 'lesson-code';
    this.strip = doc.createElement('div');
    this.strip.className = 'code-tabs';
    this.strip.dataset.codeTabs = '';
    this.strip.hidden = true;
    this.tablist = doc.createElement('div');
    this.tablist.setAttribute('role', 'tablist');
    this.tablist.className = 'code-tablist';
    this.addButton = doc.createElement('button');
    this.addButton.type = 'button';
    this.addButton.className = 'code-tab-tool';
    this.addButton.dataset.action = 'add-file';
    this.addButton.textContent = '+';
    this.addButton.addEventListener('click', () => this.addFile());
    this.closeButton = doc.createElement('button');
    this.closeButton.type = 'button';
    this.closeButton.className = 'code-tab-tool';
    this.closeButton.dataset.action = 'close-file';
    this.closeButton.textContent = '×';
    this.closeButton.addEventListener('click', () => this.closeFile(this.current));
    this.strip.append(this.tablist, this.addButton, this.closeButton);
    this.host.before(this.strip);
    this.tablist.addEventListener('keydown', (ev) => this.onTabKey(ev));
    onLanguageChange(() => this.renderTabs());
  }

  renderTabs() {
    const multi = this.multiFile;
    this.strip.hidden = !multi;
    this.host.dataset.files = String(this.files.length);
    if (!multi) {
      this.tablist.replaceChildren();
      this.host.removeAttribute('role');
      this.host.removeAttribute('aria-labelledby');
      delete this.host.dataset.file;
      return;
    }
    const doc = this.host.ownerDocument;
    const errors = new Map();
    for (const d of this.resolved || []) errors.set(d.index, (errors.get(d.index) || 0) + 1);
    const focused = this.tablist.contains(doc.activeElement) ? [...this.tablist.children].indexOf(doc.activeElement) : -1;
    this.tablist.setAttribute('aria-label', t('code.files'));
    this.tablist.replaceChildren(...this.files.map((f, i) => {
      const tab = doc.createElement('button');
      tab.type = 'button';
      tab.id = `${this.host.id}-tab-${i}`;
      tab.className = 'code-tab';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(i === this.current));
      tab.setAttribute('aria-controls', this.host.id);
      tab.tabIndex = i === this.current ? 0 : -1;
      tab.dataset.file = f.name;
      tab.textContent = f.name;
      if (errors.has(i)) {
        tab.dataset.errors = String(errors.get(i));
        tab.setAttribute('aria-label', t('code.fileHasErrors', { name: f.name }));
      }
      tab.addEventListener('click', () => this.select(i));
      return tab;
    }));
    if (focused >= 0 && this.tablist.children[focused]) this.tablist.children[focused].focus();
    this.host.setAttribute('role', 'tabpanel');
    this.host.setAttribute('aria-labelledby', `${this.host.id}-tab-${this.current}`);
    this.host.dataset.file = this.currentName();
    this.addButton.hidden = this.readOnly;
    this.closeButton.hidden = this.readOnly;
    this.addButton.setAttribute('aria-label', t('code.addFile'));
    this.addButton.title = t('code.addFile');
    this.closeButton.setAttribute('aria-label', t('code.closeFile', { name: this.currentName() }));
    this.closeButton.title = t('code.closeFile', { name: this.currentName() });
  }

  /** Arrow keys (and Home, End) move between the tabs; Enter or Space shows the one focused. */
  onTabKey(ev) {
    const tabs = [...this.tablist.children];
    const at = tabs.indexOf(ev.target);
    if (at < 0) return;
    let to = null;
    if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') to = (at + 1) % tabs.length;
    else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') to = (at - 1 + tabs.length) % tabs.length;
    else if (ev.key === 'Home') to = 0;
    else if (ev.key === 'End') to = tabs.length - 1;
    else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      this.select(at);
      return;
    }
    if (to === null) return;
    ev.preventDefault();
    for (const [i, tab] of tabs.entries()) tab.tabIndex = i === to ? 0 : -1;
    tabs[to].focus();
  }

  /** Shows the file at `index` (its Doc keeps its undo history, cursor and scroll). */
  select(index) {
    if (!this.cm || index === this.current || !this.files[index]) return;
    if (this.cm.state.completionActive) this.cm.closeHint();
    this.clearRendered();
    this.current = index;
    this.cm.swapDoc(this.files[index].doc);
    this.renderTabs();
    this.renderDiagnostics();
    if (this.helpers && this.helpers.onSwitch) this.helpers.onSwitch();
  }

  /** A new empty file, named by the student (checked as the server checks names). */
  addFile(prompt = (text, value) => this.host.ownerDocument.defaultView.prompt(text, value)) {
    if (!this.cm || this.readOnly || !this.multiFile) return false;
    const names = this.files.map((f) => f.name);
    let question = t('code.newFileName');
    let typed = 'File.swift';
    for (;;) {
      const answer = prompt(question, typed);
      if (answer === null || answer === undefined) return false;
      const name = normalizeFileName(answer);
      const problemKey = newFileProblem(name, names);
      if (!problemKey) {
        this.files.push({ name, implicit: false, doc: new this.CodeMirror.Doc('', 'swift') });
        this.edited();
        this.select(this.files.length - 1);
        this.cm.focus();
        return true;
      }
      question = `${t(problemKey, { name, count: names.length })} ${t('code.newFileName')}`;
      typed = answer;
    }
  }

  /** Closes a file (asking first when it has code); the last one left shows without tabs. */
  closeFile(index, confirm = (text) => this.host.ownerDocument.defaultView.confirm(text)) {
    if (!this.cm || this.readOnly || !this.multiFile || !this.files[index]) return false;
    const file = this.files[index];
    if (file.doc.getValue().trim() && !confirm(t('code.closeFileAsk', { name: file.name }))) return false;
    this.clearRendered();
    this.files.splice(index, 1);
    this.current = Math.min(this.current > index ? this.current - 1 : this.current, this.files.length - 1);
    if (this.files.length === 1) {
      this.files[0].name = null;
      this.files[0].implicit = true;
    }
    this.cm.swapDoc(this.files[this.current].doc);
    this.edited();
    this.renderTabs();
    this.renderDiagnostics();
    if (this.helpers && this.helpers.onSwitch) this.helpers.onSwitch();
    return true;
  }

  edited() {
    this.host.dataset.edited = String(this.value() !== this.text);
    if (this.helpers) this.helpers.onEdit();
  }

  /** Read only: the code can be read, selected and copied, not changed or run. */
  setReadOnly(readOnly) {
    this.readOnly = readOnly;
    this.host.dataset.readonly = String(readOnly);
    if (this.cm) {
      this.cm.setOption('readOnly', readOnly);
      this.cm.setOption('extraKeys', this.tabKeys(false));
    }
    else this.area.readOnly = readOnly;
    this.renderTabs();
    if (this.helpers) this.helpers.updateChecking();
  }

  run() {
    if (this.readOnly) return;
    this.onRun(this.value());
  }

  clearDiagnostics() {
    this.diagnostics = [];
    this.resolved = [];
    this.clearRendered();
    this.errorBox.hidden = true;
    this.errorBox.textContent = '';
    delete this.errorBox.dataset.line;
    delete this.errorBox.dataset.column;
    delete this.errorBox.dataset.file;
    this.renderTabs();
  }

  /** Takes the current file's marks away (before another file is shown, or new ones drawn). */
  clearRendered() {
    for (const w of this.widgets) w.clear();
    for (const m of this.marks) m.clear();
    this.widgets = [];
    this.marks = [];
    if (this.cm) this.cm.clearGutter('code-errors');
  }

  /**
   * Marks each diagnostic at its file, line and column; the first one also goes in the error
   * box, and its file's tab is shown. A diagnostic may name its `file` (then `line` is that
   * file's own); one that names none is at a line of the joined source.
   */
  showDiagnostics(diagnostics, summary = '') {
    this.clearDiagnostics();
    this.diagnostics = diagnostics;
    const files = this.cm ? this.layout() : [{ name: null, firstLine: 1 }];
    this.resolved = resolveDiagnostics(diagnostics, files, this.current).map((d) => {
      const lines = this.cm ? this.files[d.index].doc.lineCount() : this.value().split('\n').length;
      return { ...placeDiagnostics([d], lines)[0], file: this.multiFile ? this.files[d.index].name : d.file };
    });
    const first = this.resolved[0];
    this.errorBox.textContent = first ? (this.multiFile ? describeDiagnosticInFile(first) : describeDiagnostic(first)) : summary;
    this.errorBox.hidden = !this.errorBox.textContent;
    if (first) {
      this.errorBox.dataset.line = String(first.line);
      this.errorBox.dataset.column = String(first.column);
      if (this.multiFile) this.errorBox.dataset.file = first.file;
    }
    if (!this.cm) return;
    if (first && first.index !== this.current) this.select(first.index);
    else {
      this.renderTabs();
      this.renderDiagnostics();
    }
    if (first) this.cm.scrollIntoView({ line: first.line - 1, ch: first.column - 1 }, 60);
  }

  /** Draws the current file's diagnostics: a red mark in the gutter, the message under its line. */
  renderDiagnostics() {
    if (!this.cm) return;
    const doc = this.host.ownerDocument;
    const seen = new Set();
    for (const d of this.resolved || []) {
      if (d.index !== this.current) continue;
      const line = d.line - 1;
      const text = this.cm.getLine(line) || '';
      const from = Math.min(d.column - 1, text.length);
      const wordEnd = text.slice(from).search(/\W|$/);
      const to = Math.min(text.length, from + Math.max(1, wordEnd));
      if (to > from) this.marks.push(this.cm.markText({ line, ch: from }, { line, ch: to }, { className: 'code-error-mark' }));
      if (seen.has(line)) continue; // one gutter mark and one message per line
      seen.add(line);
      const marker = doc.createElement('span');
      marker.className = 'code-error-gutter';
      marker.title = d.message;
      marker.textContent = '!';
      this.cm.setGutterMarker(line, 'code-errors', marker);
      const widget = doc.createElement('div');
      widget.className = 'code-error-line';
      widget.dataset.line = String(d.line);
      widget.textContent = d.message;
      this.widgets.push(this.cm.addLineWidget(line, widget, { coverGutter: false, noHScroll: true }));
    }
  }
}
