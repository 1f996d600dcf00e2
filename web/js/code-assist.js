// The editor's helpers, as a playground has them: completion as one types (after a dot, and
// while typing a name), quick help on hover, Alt-click, F1 or the Help button, and the source
// checked as one types (CodeMirror's lint addon), each answered by the server (`assist`,
// js/assist-protocol.js). Nothing here changes the room: Run still does that.
// In a lesson of several files (tabs, js/editor.js) every question carries the joined source
// and a line of it; the answers' lines are turned back into the shown file's own, and marks
// are drawn only for the file shown.

import { t, onLanguageChange } from './i18n.js';
import { helpCatalog, helpEntry, unitOf, renderHelp } from './quick-help.js';

/** How long after the last key stroke the source is checked (ms); the server answers within the rest of 300 ms. */
export const CHECK_DELAY_MS = 200;
const HOVER_DELAY_MS = 450;

/** The text a completion inserts: the name, and for a call its arguments as labelled placeholders. */
export function insertionFor(item, entry) {
  if (!item.args) return { text: item.insert, placeholders: [] };
  const names = item.args.map((label, i) => (item.names && item.names[i]) || (entry && entry.params[i] && entry.params[i].name) || label || 'value');
  let text = `${item.insert}(`;
  const placeholders = [];
  item.args.forEach((label, i) => {
    if (i > 0) text += ', ';
    if (label) text += `${label}: `;
    placeholders.push({ start: text.length, end: text.length + names[i].length });
    text += names[i];
  });
  text += ')';
  return { text, placeholders };
}

/** The words of a completion's second line: its type and, for an API name, its unit. */
export function completionDetail(item, entry) {
  return [item.detail, unitOf(entry)].filter(Boolean).join(' · ');
}

function helpWords() {
  return { unit: t('help.unit'), default: t('help.default'), example: t('help.example'), none: t('help.none') };
}

export class CodeAssist {
  /**
   * @param editor the CodeEditor
   * @param client an AssistClient
   * @param helpBox the `[data-quick-help]` element help is shown in
   * @param announce says a text to screen readers
   */
  constructor(editor, client, helpBox, { announce = () => {} } = {}) {
    this.editor = editor;
    this.client = client;
    this.helpBox = helpBox;
    this.announce = announce;
    this.cm = null;
    this.lastHelp = null;
    onLanguageChange(() => {
      if (this.lastHelp) this.showHelp(this.lastHelp);
    });
  }

  /** Wires a mounted CodeMirror: completion, checking, quick help. */
  attach(cm) {
    this.cm = cm;
    const CodeMirror = cm.constructor;
    cm.on('inputRead', (_cm, change) => {
      if (this.editor.readOnly || change.origin !== '+input') return;
      const typed = change.text.join('');
      if (typed === '.' || /^[A-Za-z_]$/.test(typed)) this.complete();
    });
    const wrapper = cm.getWrapperElement();
    let hoverTimer = null;
    wrapper.addEventListener('mousemove', (ev) => {
      clearTimeout(hoverTimer);
      // The place under the pointer now: the page may scroll before the pause is over.
      const pos = cm.coordsChar({ left: ev.clientX, top: ev.clientY }, 'window');
      hoverTimer = setTimeout(() => this.helpAt(pos, { quiet: true }), HOVER_DELAY_MS);
    });
    wrapper.addEventListener('mouseleave', () => clearTimeout(hoverTimer));
    wrapper.addEventListener('mousedown', (ev) => {
      if (!ev.altKey) return;
      ev.preventDefault();
      this.helpAtPoint(ev.clientX, ev.clientY);
    });
    this.CodeMirror = CodeMirror;
    this.updateChecking();
  }

  /** Another file's tab is shown: check it at once (its marks are its own). */
  onSwitch() {
    if (this.cm && !this.editor.readOnly && this.cm.performLint) this.cm.performLint();
  }

  /** Extra keys the editor binds (merged into its keymap). */
  keys() {
    return {
      'Ctrl-Space': () => this.complete(),
      F1: () => this.helpAtCursor(),
    };
  }

  /** Checking runs only where the code may be changed (a read-only room's code is the lesson's own). */
  updateChecking() {
    if (!this.cm) return;
    const on = !this.editor.readOnly;
    this.cm.setOption('lint', on ? { getAnnotations: (text, update) => this.check(text, update), async: true, delay: CHECK_DELAY_MS } : false);
  }

  // ---- completion

  complete() {
    if (!this.cm || this.editor.readOnly) return;
    const hint = (cm, callback) => this.hints(cm).then((list) => callback(list));
    hint.async = true;
    this.cm.showHint({ hint, completeSingle: false, closeCharacters: /[\s()[\]{};:>,=]/ });
  }

  async hints(cm) {
    const cursor = cm.getCursor();
    const answer = await this.client.ask('complete', this.editor.value(), this.editor.toJoinedLine(cursor.line + 1), cursor.ch + 1);
    if (!answer || !answer.items.length) return null;
    const startLine = this.editor.fromJoinedLine(answer.line) ?? cursor.line + 1;
    const catalog = await helpCatalog();
    const Pos = this.CodeMirror.Pos;
    const from = Pos(startLine - 1, answer.column - 1);
    const list = answer.items.map((item) => {
      const entry = helpEntry(catalog, item.key);
      return {
        text: item.insert,
        displayText: item.label,
        item,
        entry,
        className: `hint-${item.kind}`,
        render: (el) => {
          const doc = el.ownerDocument;
          const name = doc.createElement('span');
          name.className = 'hint-label';
          name.textContent = item.label;
          el.append(name);
          const detail = completionDetail(item, entry);
          if (detail) {
            const d = doc.createElement('span');
            d.className = 'hint-detail';
            d.textContent = detail;
            el.append(d);
          }
          el.dataset.label = item.label;
        },
        hint: (cmi, data, completion) => this.insert(cmi, data.from, data.to, item, entry),
      };
    });
    const result = { list, from, to: cm.getCursor() };
    this.CodeMirror.on(result, 'select', (completion) => {
      if (completion.item.key) this.showHelp({ label: completion.item.label, detail: completion.item.detail, key: completion.item.key }, { quiet: true });
    });
    return result;
  }

  insert(cm, from, to, item, entry) {
    const { text, placeholders } = insertionFor(item, entry);
    cm.replaceRange(text, from, to, 'complete');
    if (!placeholders.length) return;
    const Pos = this.CodeMirror.Pos;
    const marks = placeholders.map((p) =>
      cm.markText(Pos(from.line, from.ch + p.start), Pos(from.line, from.ch + p.end), { className: 'code-placeholder', clearOnEnter: true, inclusiveLeft: true, inclusiveRight: true }),
    );
    const first = marks[0].find();
    if (first) cm.setSelection(first.from, first.to);
    // Tab moves to the next placeholder while any is left.
    const next = (cmi) => {
      const live = marks.map((m) => m.find()).filter(Boolean);
      const cursor = cmi.getCursor('to');
      const after = live.find((r) => r.from.line > cursor.line || (r.from.line === cursor.line && r.from.ch >= cursor.ch));
      if (!after) {
        cmi.removeKeyMap(keys);
        return this.CodeMirror.Pass;
      }
      cmi.setSelection(after.from, after.to);
      return undefined;
    };
    const keys = { Tab: next, Esc: (cmi) => cmi.removeKeyMap(keys) };
    cm.addKeyMap(keys);
  }

  // ---- checking as one types

  async check(_text, update) {
    // The whole lesson (every file), not only the file shown.
    const source = this.editor.value();
    const answer = await this.client.ask('check', source);
    if (!answer || !this.cm || this.editor.value() !== source) return;
    const Pos = this.CodeMirror.Pos;
    const name = this.editor.currentName();
    const own = (d) => {
      if (!this.editor.multiFile) return d.line;
      if (d.file && this.editor.files.some((f) => f.name === d.file)) return d.file === name ? d.line : null;
      return this.editor.fromJoinedLine(d.line);
    };
    const annotations = answer.diagnostics.filter((d) => own(d) !== null).map((d) => {
      const line = Math.min(own(d), this.cm.lineCount()) - 1;
      const content = this.cm.getLine(line) || '';
      const from = Math.min(d.column - 1, content.length);
      const word = content.slice(from).search(/\W|$/);
      return { from: Pos(line, from), to: Pos(line, Math.min(content.length, from + Math.max(1, word))), message: d.message, severity: 'error' };
    });
    const host = this.editor.host;
    host.dataset.checked = String(annotations.length);
    host.dataset.checkLines = annotations.map((a) => a.from.line + 1).join(' ');
    update(this.cm, annotations);
  }

  // ---- quick help

  helpAtPoint(x, y) {
    if (!this.cm) return;
    return this.helpAt(this.cm.coordsChar({ left: x, top: y }, 'window'), { quiet: true });
  }

  helpAtCursor() {
    if (!this.cm) return;
    return this.helpAt(this.cm.getCursor(), { quiet: false });
  }

  async helpAt(pos, { quiet }) {
    const answer = await this.client.ask('help', this.editor.value(), this.editor.toJoinedLine(pos.line + 1), pos.ch + 1);
    if (!answer || (!answer.key && !answer.label)) {
      if (!quiet) this.showHelp({ label: t('help.nothing'), detail: null, key: null }, { quiet });
      return;
    }
    this.showHelp({ label: answer.label, detail: answer.detail, key: answer.key }, { quiet });
  }

  async showHelp(target, { quiet = true } = {}) {
    this.lastHelp = target;
    const entry = target.key ? helpEntry(await helpCatalog(), target.key) : null;
    renderHelp(this.helpBox, { label: target.label, detail: target.detail, entry }, helpWords());
    this.helpBox.hidden = false;
    this.helpBox.dataset.key = target.key || '';
    if (!quiet && entry) this.announce(`${target.label}: ${entry.summary}`);
  }
}
