// The lesson's code in a real editor: CodeMirror 5 from Debian's libjs-codemirror, served by
// the server under /lib/ (no build step), with its Swift mode. Run (the button, Ctrl/Cmd-Enter)
// hands the text to `onRun`; diagnostics show as Xcode shows them: a red mark in the gutter,
// the message under its line, and the first one in `[data-code-error]` (1-based `data-line`).
// When CodeMirror cannot be loaded the code is a plain <textarea>, still editable and runnable.

export const CODEMIRROR_BASE = '/lib/codemirror';
const SCRIPTS = [
  'lib/codemirror.js', 'mode/swift/swift.js', 'addon/edit/matchbrackets.js', 'addon/edit/closebrackets.js', 'addon/comment/comment.js',
  // The playground's helpers (js/code-assist.js): completion and checking as one types.
  'addon/hint/show-hint.js', 'addon/lint/lint.js',
];
const STYLES = ['lib/codemirror.css', 'addon/hint/show-hint.css', 'addon/lint/lint.css'];

import { addScript } from './scripts.js';
import { t, onLanguageChange } from './i18n.js';

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

/** Diagnostics clamped to a document of `lineCount` lines (a stale line number stays visible). */
export function placeDiagnostics(diagnostics, lineCount) {
  const last = Math.max(1, lineCount);
  return diagnostics.map((d) => ({ ...d, line: Math.min(Math.max(1, d.line), last) }));
}

export class CodeEditor {
  /**
   * @param host the `[data-lesson-code]` element the editor lives in
   * @param errorBox the `[data-code-error]` element
   * @param onRun called with the text to run
   * @param helpers the editor's helpers (js/code-assist.js, js/playground.js): `attach(cm)`
   *   once mounted, `keys()` to bind, `updateChecking()` when read-only changes, `onEdit()`
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
    loadCodeMirror(host.ownerDocument).then((CodeMirror) => {
      if (CodeMirror) this.mount(CodeMirror);
    });
  }

  mount(CodeMirror) {
    const value = this.value();
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
    this.cm = CodeMirror(this.host, {
      value,
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

  value() {
    return this.cm ? this.cm.getValue() : this.area.value;
  }

  /** Shows `text` as the code (what the room runs now); the view keeps its place where it can. */
  setCode(text) {
    this.text = text;
    this.host.dataset.edited = 'false';
    if (this.value() === text) return;
    if (this.cm) {
      const scroll = this.cm.getScrollInfo();
      this.cm.setValue(text);
      this.cm.clearHistory();
      this.cm.scrollTo(scroll.left, scroll.top);
    } else {
      // defaultValue is the textarea's text content too, so the code reads as text in the DOM.
      this.area.defaultValue = text;
      this.area.value = text;
    }
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
    if (this.helpers) this.helpers.updateChecking();
  }

  run() {
    if (this.readOnly) return;
    this.onRun(this.value());
  }

  clearDiagnostics() {
    this.diagnostics = [];
    for (const w of this.widgets) w.clear();
    for (const m of this.marks) m.clear();
    this.widgets = [];
    this.marks = [];
    if (this.cm) this.cm.clearGutter('code-errors');
    this.errorBox.hidden = true;
    this.errorBox.textContent = '';
    delete this.errorBox.dataset.line;
    delete this.errorBox.dataset.column;
  }

  /** Marks each diagnostic at its line and column; the first one also goes in the error box. */
  showDiagnostics(diagnostics, summary = '') {
    this.clearDiagnostics();
    this.diagnostics = diagnostics;
    const doc = this.host.ownerDocument;
    const placed = placeDiagnostics(diagnostics, this.cm ? this.cm.lineCount() : this.value().split('\n').length);
    const first = placed[0];
    this.errorBox.textContent = first ? describeDiagnostic(first) : summary;
    this.errorBox.hidden = !this.errorBox.textContent;
    if (first) {
      this.errorBox.dataset.line = String(first.line);
      this.errorBox.dataset.column = String(first.column);
    }
    if (!this.cm) return;
    const seen = new Set();
    for (const d of placed) {
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
    if (first) this.cm.scrollIntoView({ line: first.line - 1, ch: first.column - 1 }, 60);
  }
}
