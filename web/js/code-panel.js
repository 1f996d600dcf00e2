// The code panel: the editor, Run and Revert, "Try it yourself", and who may edit. A public
// lesson room's code is read only (it is shared with strangers); in a class the instructor,
// and the one student the instructor lets edit, run code for everyone. The server decides
// (docs/protocol.md); the panel only shows what this viewer may do.

import { msg } from './protocol.js';
import { canEditCode, runningCode, errorText } from './room-state.js';
import { CodeEditor } from './editor.js';
import { CodeAssist } from './code-assist.js';
import { ResultsColumn } from './playground.js';
import { t } from './i18n.js';

/** What the panel says about the code and this viewer's rights, for a room state. */
export function codeStatus(state) {
  const edited = state.source !== null && state.source !== undefined;
  if (!state.code) return { text: t('code.readOnly'), tryIt: true };
  if (state.role === 'instructor') return { text: edited ? t('code.editedRuns') : t('code.instructorEdit') };
  if (canEditCode(state)) return { text: t('code.mayEdit') };
  return { text: t('code.ownCopy') };
}

/**
 * A run-time error as the interpreter reports it (`Snap.swift:12:9: error: message`) → a
 * diagnostic, or null when the text names no line.
 */
export function parseRuntimeError(text) {
  const s = String(text || '');
  // `Ball Drop.swift:3:9: …`: a file's name may hold spaces, so the whole text names it first.
  const named = /^([^:\n]+?\.swift):(\d+):(\d+):\s*(?:(?:fatal )?error:\s*)?(.+)$/s.exec(s);
  if (named) return { file: named[1].trim(), line: Number(named[2]), column: Number(named[3]), message: named[4].trim() };
  const m = /(?:^|\s)(?:([^\s:]+\.swift):)?(\d+):(\d+):\s*(?:(?:fatal )?error:\s*)?(.+)$/s.exec(s);
  if (!m) return null;
  const d = { line: Number(m[2]), column: Number(m[3]), message: m[4].trim() };
  if (m[1]) d.file = m[1];
  return d;
}

export class CodePanel {
  /**
   * @param assist an AssistClient (the editor's questions to the server)
   * @param onStep while stepping slowly: the ids of the items the stage draws (null: all)
   * @param announce says a text to screen readers
   */
  constructor(root, { state, send, toast, assist = null, onStep = () => {}, announce = () => {} }) {
    this.root = root;
    this.state = state;
    this.send = send;
    this.toast = toast;
    this.client = assist;
    this.pendingRun = false;
    this.runButton = root.querySelector('[data-action="run"]');
    this.revertButton = root.querySelector('[data-action="revert"]');
    this.tryIt = root.querySelector('[data-try-it]');
    this.shareButton = root.querySelector('[data-action="share"]');
    this.statusEl = root.querySelector('[data-code-status]');
    this.helpButton = root.querySelector('[data-action="help"]');
    this.stepButton = root.querySelector('[data-action="step"]');
    const helpers = assist && {
      attach: (cm) => {
        this.assist.attach(cm);
        this.askValues();
      },
      keys: () => this.assist.keys(),
      updateChecking: () => this.assist && this.assist.updateChecking(),
      onEdit: () => this.results.onEdit(),
      // Another file's tab: its own values and checks.
      onSwitch: () => {
        this.assist.onSwitch();
        this.results.render();
      },
    };
    this.editor = new CodeEditor(root.querySelector('[data-lesson-code]'), root.querySelector('[data-code-error]'), {
      onRun: (source) => this.run(source),
      helpers,
    });
    this.runButton.addEventListener('click', () => this.editor.run());
    this.revertButton.addEventListener('click', () => this.revert());
    this.shareButton.addEventListener('click', () => this.share());
    if (assist) {
      this.assist = new CodeAssist(this.editor, assist, root.querySelector('[data-quick-help]'), { announce });
      this.results = new ResultsColumn(this.editor, {
        onStep: (ids) => {
          onStep(ids);
          if (ids === null) this.showStepping(false);
        },
        say: announce,
        words: {
          times: (count) => t('code.times', { count }),
          stepLine: (line, code) => t('say.stepLine', { line, code }),
        },
      });
      this.helpButton.addEventListener('click', () => this.assist.helpAtCursor());
      this.stepButton.addEventListener('click', () => this.toggleStepping());
    }
    this.helpButton.hidden = !assist;
    this.stepButton.hidden = !assist;
  }

  /** The values of the code the room runs now, beside its lines (when the editor shows that code). */
  async askValues() {
    if (!this.client || !this.editor.cm) return;
    const source = runningCode(this.state);
    if (!source) return;
    const answer = await this.client.ask('values', source);
    if (answer && this.editor.value() === source) this.results.show(source, answer);
  }

  /** Step slowly: each line of viewDidLoad in the order it ran, the stage building up with it. */
  toggleStepping() {
    if (this.results.stepping) {
      this.results.stop();
    } else if (!this.results.stepSlowly((indices) => indices.map((i) => this.state.items[i] && this.state.items[i].id).filter((id) => id !== undefined))) {
      this.toast(t('code.noSteps'));
    }
    this.showStepping(this.results.stepping);
  }

  showStepping(on) {
    this.stepButton.setAttribute('aria-pressed', String(on));
    this.stepButton.dataset.i18n = on ? 'code.stepStop' : 'code.step';
    this.stepButton.textContent = t(this.stepButton.dataset.i18n);
  }

  run(source) {
    if (!canEditCode(this.state)) return;
    if (!this.send(msg.code(source))) {
      this.toast(t('code.notSent'));
      return;
    }
    this.pendingRun = true;
    this.root.dataset.running = 'true';
  }

  /** A student's copy, sent to the instructor (who may show it to the class). */
  share() {
    if (!this.state.code || canEditCode(this.state)) return;
    if (this.send(msg.share(this.editor.value()))) this.toast(t('code.sent'));
    else this.toast(t('code.notSent'));
  }

  /** The lesson's own code back in the editor, and in the room when edited code runs there. */
  revert() {
    if (!canEditCode(this.state)) return;
    this.editor.clearDiagnostics();
    if (this.state.source !== null) this.send(msg.revert());
    this.editor.setCode(this.state.lesson.code);
  }

  /** A welcome (a join, a switched lesson, a claim): the code that runs, and the rights. */
  onWelcome() {
    this.pendingRun = false;
    this.editor.clearDiagnostics();
    this.editor.setCode(runningCode(this.state));
    this.update();
    if (this.results) this.results.clear();
    this.askValues();
  }

  /** New code runs in the room: everyone's editor shows it. */
  onCode(m) {
    if (m.by === this.state.you) {
      this.pendingRun = false;
      this.root.dataset.running = 'false';
    }
    this.editor.clearDiagnostics();
    this.editor.setCode(runningCode(this.state));
    this.update();
    if (this.results) this.results.clear();
    this.askValues();
  }

  /** An error from the server; true when it answered this panel's Run. */
  onError(m) {
    if (m.code === 'compile-error') {
      this.pendingRun = false;
      this.root.dataset.running = 'false';
      this.editor.showDiagnostics(m.diagnostics || [], errorText(m));
      return true;
    }
    if (!this.pendingRun) return false;
    this.pendingRun = false;
    this.root.dataset.running = 'false';
    this.editor.showDiagnostics([], errorText(m));
    return true;
  }

  /** A room event: a run-time error of the running code shows at its line, for everyone. */
  onEvent(e) {
    if (e.name !== 'runtime-error') return;
    const d = parseRuntimeError(e.text);
    this.editor.showDiagnostics(d ? [d] : [], e.text);
  }

  /** Rights changed (role, editor, room kind): buttons and read-only follow. */
  update() {
    const state = this.state;
    const mayEdit = canEditCode(state);
    const status = codeStatus(state);
    // In a class everyone may change their own copy; only who may run sees Run and Revert.
    this.editor.setReadOnly(!state.code);
    this.shareButton.hidden = !state.code || mayEdit;
    this.runButton.hidden = !mayEdit;
    this.revertButton.hidden = !mayEdit;
    this.tryIt.hidden = !status.tryIt;
    if (state.lesson.id) this.tryIt.href = `/?lesson=${encodeURIComponent(state.lesson.id)}`;
    this.statusEl.textContent = status.text;
    this.statusEl.dataset.runningText = t('code.running');
    this.root.dataset.edited = String(state.source !== null && state.source !== undefined);
  }
}
