// Values beside the code, as a playground's results column: after a run, each line of
// `viewDidLoad` that made or assigned something shows its value at the line's end; and "step
// slowly" highlights each line in the order it ran while the stage shows only the items that
// existed by then. The values come from the server (`assist` `values`), which runs the code in
// a lesson of its own: the room is not touched. Its lines are the joined source's (a lesson
// of several files, js/editor.js): values show for the file shown, and stepping shows each
// line's file.

/** How long each line stays highlighted when stepping slowly (ms). */
export const STEP_MS = 700;

/** The text beside a line: its value, and how many times it ran when more than once. */
export function valueLabel(v, times) {
  return v.count > 1 ? `${v.text}  ${times(v.count)}` : v.text;
}

export class ResultsColumn {
  /**
   * @param editor the CodeEditor
   * @param onStep called with the ids of the items to draw while stepping, or null for all
   * @param say announces a line to screen readers
   */
  constructor(editor, { onStep, say, words }) {
    this.editor = editor;
    this.onStep = onStep;
    this.say = say;
    this.words = words;
    this.marks = [];
    this.values = [];
    this.steps = [];
    this.source = null;
    this.stepTimer = null;
    this.stepLine = null;
    this.highlighted = null;
  }

  /** Shows a run's values for `source`; cleared as soon as the code is edited. */
  show(source, answer) {
    this.clear();
    this.source = source;
    this.values = answer.values;
    this.steps = answer.steps;
    this.editor.host.dataset.values = String(this.values.length);
    this.render();
  }

  /** Draws the values of the file shown (again after another tab is shown). */
  render() {
    for (const m of this.marks) m.clear();
    this.marks = [];
    const cm = this.editor.cm;
    const host = this.editor.host;
    if (!cm || this.source === null || this.editor.value() !== this.source) return;
    const doc = host.ownerDocument;
    for (const v of this.values) {
      const own = this.editor.fromJoinedLine ? this.editor.fromJoinedLine(v.line) : v.line;
      if (own === null) continue;
      const line = own - 1;
      if (line >= cm.lineCount()) continue;
      const span = doc.createElement('span');
      span.className = 'code-value';
      span.dataset.line = String(own);
      span.textContent = valueLabel(v, this.words.times);
      this.marks.push(cm.setBookmark({ line, ch: cm.getLine(line).length }, { widget: span, insertLeft: true }));
    }
  }

  clear() {
    this.stop();
    for (const m of this.marks) m.clear();
    this.marks = [];
    this.values = [];
    delete this.editor.host.dataset.values;
  }

  /** The code changed: its values no longer say what it does. */
  onEdit() {
    if (this.marks.length && this.editor.value() !== this.source) this.clear();
  }

  get stepping() {
    return this.stepTimer !== null;
  }

  /** Steps through the lines as they ran; `itemIds(indices)` maps scene indices to the drawn items' ids. */
  stepSlowly(itemIds) {
    this.stop();
    if (!this.steps.length) return false;
    let index = 0;
    const show = () => {
      const step = this.steps[index];
      this.highlight(step.line);
      this.onStep(new Set(itemIds(step.items)));
      const shown = this.highlighted;
      this.say(this.words.stepLine(shown ? shown.line : step.line, shown && shown.doc ? (shown.doc.getLine(shown.line - 1) || '').trim() : ''));
      index += 1;
      this.stepTimer = setTimeout(index < this.steps.length ? show : () => this.stop(), this.words.stepMs || STEP_MS);
    };
    this.stepTimer = 0;
    show();
    return true;
  }

  stop() {
    if (this.stepTimer !== null) clearTimeout(this.stepTimer);
    this.stepTimer = null;
    this.highlight(null);
    this.onStep(null);
  }

  /** Highlights a line of the joined source, showing its file's tab; null: none. */
  highlight(line) {
    const cm = this.editor.cm;
    const was = this.highlighted;
    if (was && was.doc) was.doc.removeLineClass(was.line - 1, 'background', 'code-step-line');
    this.highlighted = null;
    this.stepLine = line;
    const host = this.editor.host;
    if (line === null) {
      delete host.dataset.stepLine;
      delete host.dataset.stepFile;
      return;
    }
    const shown = this.editor.revealJoinedLine ? this.editor.revealJoinedLine(line) : { doc: cm ? cm.getDoc() : null, line };
    this.highlighted = shown;
    host.dataset.stepLine = String(shown.line);
    if (this.editor.multiFile) host.dataset.stepFile = this.editor.currentName();
    if (cm && shown.doc) {
      shown.doc.addLineClass(shown.line - 1, 'background', 'code-step-line');
      cm.scrollIntoView({ line: shown.line - 1, ch: 0 }, 40);
    }
  }
}
