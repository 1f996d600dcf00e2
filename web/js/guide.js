// The lesson's guide (`[data-guide]`, docs/guides.md): its introduction and steps, in the
// page's language, with the member's own progress as the room decides it. The room keeps each
// member's open step (from the first at every join and lesson switch), so the page follows
// the room's events: `step-done` ticks a step and opens the next, the instructor's
// `guide-step` moves the open step, `prediction` confirms a prediction taken. The model is
// pure (node --test); GuidePanel draws it.

import { msg, normalizeGuide, guideLanguage } from './protocol.js';
import { t, lang, formatNumber, localized } from './i18n.js';
import { loadRenderer, showMarkdown } from './guide-markdown.js';
import { el as element } from './controls.js';

/** A prediction's words: a choice's text, or the number with its unit. */
export function predictionWords(step, prediction) {
  if (!prediction) return '';
  const p = step && step.prediction;
  if ('choice' in prediction) return (p && p.kind === 'choice' && p.choices[prediction.choice]) || `#${prediction.choice + 1}`;
  const unit = p && p.unit ? ` ${p.unit}` : '';
  return `${formatNumber(prediction.value, { maximumFractionDigits: 3 })}${unit}`;
}

/** The step index `guide-step` names: its `step` field, else "step N" in its text (1-based). */
export function movedTo(guide, m) {
  if (!guide) return -1;
  if (m.step) return guide.steps.findIndex((s) => s.id === m.step);
  const found = /step\s+(\d+)/i.exec(m.text || '');
  const index = found ? Number(found[1]) - 1 : -1;
  return index >= 0 && index < guide.steps.length ? index : -1;
}

/** One member's progress through a guide, as the room's events tell it. */
export class GuideModel {
  constructor() {
    this.guide = null;
    this.reset();
  }

  /** From the first step again (the room does the same at a join and a lesson switch). */
  reset() {
    this.open = 0;
    this.done = new Map(); // step → {text, texts, value, prediction}
    this.predictions = new Map(); // step → {choice} | {value}, as the room took them
  }

  /** A guide (another language keeps the progress: steps are known by id). */
  setGuide(guide) {
    this.guide = guide;
  }

  get steps() {
    return this.guide ? this.guide.steps : [];
  }

  index(id) {
    return this.steps.findIndex((s) => s.id === id);
  }

  /** 'done', 'open' or 'closed'. */
  stepState(id) {
    if (this.done.has(id)) return this.index(id) === this.open ? 'open' : 'done';
    return this.index(id) === this.open ? 'open' : 'closed';
  }

  /**
   * An `event` message for member `you`: what changed, `{kind, step}` (`done`, `predicted`,
   * `moved`), or null when it is not about this member's guide.
   */
  onEvent(m, you) {
    if (m.name === 'guide-step') {
      const index = movedTo(this.guide, m);
      if (index < 0) return null;
      this.open = index;
      return { kind: 'moved', step: this.steps[index].id };
    }
    if (m.member !== you || !m.step) return null;
    if (m.name === 'step-done') {
      const { text, texts, value = null, prediction = null } = m;
      this.done.set(m.step, { text, texts, value, prediction });
      if (prediction) this.predictions.set(m.step, prediction);
      const index = this.index(m.step);
      if (index >= 0) this.open = index + 1;
      return { kind: 'done', step: m.step };
    }
    if (m.name === 'prediction' && m.prediction) {
      this.predictions.set(m.step, m.prediction);
      return { kind: 'predicted', step: m.step };
    }
    return null;
  }

  /** The step's feedback line in the page's language (`texts`, when the room sends them). */
  feedback(id) {
    const d = this.done.get(id);
    return d ? localized(d.texts, d.text) : '';
  }

  /** Whether a prediction may still be sent for the step: it asks one, is not done, not behind. */
  mayPredict(id) {
    const step = this.steps[this.index(id)];
    return !!(step && step.prediction && !this.done.has(id) && this.index(id) >= this.open && !this.predictions.has(id));
  }
}

/** A number typed in the page's way ("1,5" as well as "1.5"), or NaN. */
export function parseNumber(s) {
  const v = String(s ?? '').trim().replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(v) ? Number(v) : NaN;
}

const el = (tag, cls, attrs = {}) => {
  const e = element(document, tag, cls);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

/**
 * The guide panel. `send` sends a message; `announce` speaks a sentence (js/announce.js);
 * `you()` is the member's id. `load(lessonId, lang)` fetches a guide (null when none).
 */
export class GuidePanel {
  constructor(root, { send, announce, you, load, onChange = () => {} }) {
    Object.assign(this, { root, send, announce, you, load, onChange });
    this.model = new GuideModel();
    this.renderer = null;
    this.lesson = null;
    this.fetched = null; // `${lesson}|${lang}` of the guide shown
    this.expanded = new Set(); // closed steps the student opened to read
    this.hintsShown = new Map(); // step → hints revealed
    this.pending = null; // {step, at}: a prediction sent, not yet confirmed
    this.intro = root.querySelector('[data-guide-intro]');
    this.list = root.querySelector('[data-guide-steps]');
    this.error = root.querySelector('[data-guide-error]');
    this.progressText = root.querySelector('[data-guide-progress]');
    this.foldButton = root.querySelector('[data-guide-fold]');
    this.foldButton.addEventListener('click', () => this.fold(this.root.dataset.folded !== 'true'));
    this.rendererReady = loadRenderer().then((r) => {
      this.renderer = r;
    });
  }

  get guide() {
    return this.model.guide;
  }

  /** Folds the panel to its title (a student who only wants the stage and the code). */
  fold(folded) {
    this.root.dataset.folded = String(folded);
    this.foldButton.setAttribute('aria-expanded', String(!folded));
    this.foldButton.textContent = folded ? t('guide.unfold') : t('guide.fold');
  }

  /** A welcome or a lesson switch: the room starts everyone at the first step. */
  async setLesson(lessonId, { restart = true, hasGuide = true } = {}) {
    if (restart) {
      this.model.reset();
      this.hintsShown.clear();
      this.expanded.clear();
      this.pending = null;
    }
    this.lesson = lessonId;
    this.hasGuide = hasGuide !== false;
    await this.refetch();
  }

  /** Fetches the guide in the page's language (again after a language switch). */
  async refetch() {
    const lessonId = this.lesson;
    const key = `${lessonId}|${lang()}`;
    if (!lessonId || key === this.fetched) {
      this.render();
      return;
    }
    this.fetched = key;
    let guide = null;
    try {
      // The room says when its lesson has no guide: nothing to ask for (no 404 in the console).
      if (this.hasGuide !== false) guide = normalizeGuide(await this.load(lessonId, guideLanguage(lang())));
    } catch {
      guide = null; // a lesson without a guide, from a server that does not say so: 404
    }
    if (this.fetched !== key) return; // a newer lesson or language won
    await this.rendererReady;
    this.model.setGuide(guide && guide.steps.length ? guide : null);
    this.render();
    this.onChange();
  }

  /** An `event` from the room. */
  onEvent(m) {
    const change = this.model.onEvent(m, this.you());
    if (!change) return;
    const step = this.guide.steps[this.model.index(change.step)];
    const n = this.model.index(change.step) + 1;
    if (change.kind === 'done') {
      this.hideError();
      this.announce(t('guide.sayDone', { n, title: step.title, feedback: this.model.feedback(step.id) }));
    } else if (change.kind === 'predicted') {
      this.pending = null;
      this.hideError();
      this.announce(t('guide.sayPredicted', { n, prediction: predictionWords(step, m.prediction) }));
    } else if (change.kind === 'moved') {
      this.announce(t('guide.sayMoved', { n, title: step.title }));
    }
    this.render();
    if (change.kind !== 'predicted') this.revealOpen();
    this.onChange();
  }

  /** A refusal from the room: shown in the guide when it answers a prediction just sent. */
  onError(m) {
    if (!this.pending || performance.now() - this.pending.at > 5000) return false;
    this.pending = null;
    this.showError(m.code === 'rate-limited' ? t('guide.refusedRate') : t('guide.refused'));
    this.render();
    return true;
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
  }

  hideError() {
    this.error.hidden = true;
    this.error.textContent = '';
  }

  predict(step, answer) {
    if (!this.send(msg.prediction(step.id, answer))) {
      this.showError(t('guide.offline'));
      return;
    }
    this.hideError();
    this.pending = { step: step.id, at: performance.now() };
    this.render(); // its buttons wait, disabled, for the room's answer
  }

  /** Scrolls the open step into view inside its column (never the whole page on a phone). */
  revealOpen() {
    const li = this.list.querySelector('li[data-state="open"]');
    if (li && window.matchMedia('(min-width: 901px)').matches) li.scrollIntoView({ block: 'nearest' });
  }

  render() {
    const guide = this.guide;
    this.root.hidden = !guide;
    document.body.dataset.hasGuide = String(!!guide);
    if (!guide) return;
    this.root.setAttribute('lang', guide.lang === 'zh' ? 'zh-CN' : guide.lang || 'en');
    showMarkdown(this.intro, guide.intro, this.renderer);
    const done = guide.steps.filter((s) => this.model.done.has(s.id)).length;
    this.progressText.textContent = t('guide.progress', { done, total: guide.steps.length });
    // Drawn anew on every change: focus goes back to the same control, else to its step.
    const active = document.activeElement && this.list.contains(document.activeElement) ? document.activeElement : null;
    const focused = active ? active.dataset.focusKey : null;
    const inStep = active ? active.closest('[data-step]')?.dataset.step : null;
    this.list.replaceChildren(...guide.steps.map((step, i) => this.renderStep(step, i)));
    if (active) {
      const again = (focused && this.list.querySelector(`[data-focus-key="${CSS.escape(focused)}"]:not(:disabled)`)) || this.list.querySelector(`[data-step="${CSS.escape(inStep || '')}"] .step-body`);
      if (again) {
        if (!again.matches('button, input, [tabindex]')) again.tabIndex = -1;
        again.focus();
      }
    }
    this.fold(this.root.dataset.folded === 'true');
  }

  renderStep(step, i) {
    const state = this.model.stepState(step.id);
    const isDone = this.model.done.has(step.id);
    const li = el('li', `guide-step is-${state}`, { 'data-step': step.id, 'data-state': state });
    if (isDone) li.setAttribute('data-done', '');
    const open = state === 'open' || this.expanded.has(step.id);
    const bodyId = `guide-step-${step.id}`;
    const head = el('h3', 'step-head');
    const mark = el('span', 'step-mark', { 'aria-hidden': 'true' });
    mark.textContent = isDone ? '✓' : String(i + 1);
    const title = el('span', 'step-title');
    title.textContent = step.title;
    const status = el('span', 'sr-only');
    status.textContent = t(`guide.state.${isDone ? 'done' : state}`, { n: i + 1 });
    if (state === 'open') {
      // The open step is always shown: its title is a heading, not a switch.
      head.append(mark, title, status);
    } else {
      // Other steps fold to their title (and feedback); the title opens them to read.
      const toggle = el('button', 'step-toggle', { type: 'button', 'aria-expanded': String(open), 'aria-controls': bodyId, 'data-focus-key': `toggle-${step.id}` });
      toggle.append(mark, title, status);
      toggle.addEventListener('click', () => {
        if (this.expanded.has(step.id)) this.expanded.delete(step.id);
        else this.expanded.add(step.id);
        this.render();
      });
      head.append(toggle);
    }
    li.append(head);
    if (isDone) {
      const line = el('p', 'step-feedback', { 'data-step-feedback': '' });
      line.textContent = this.model.feedback(step.id);
      li.append(line);
    }
    const body = el('div', 'step-body', { id: bodyId });
    body.hidden = !open;
    const textEl = el('div', 'guide-md');
    showMarkdown(textEl, step.text, this.renderer);
    body.append(textEl);
    if (step.prediction) body.append(this.renderPrediction(step));
    if (step.hints.length) body.append(this.renderHints(step));
    li.append(body);
    return li;
  }

  renderPrediction(step) {
    const p = step.prediction;
    const box = el('div', 'prediction', { 'data-prediction': step.id });
    const question = el('p', 'prediction-question');
    question.textContent = p.question;
    box.append(question);
    const taken = this.model.predictions.get(step.id);
    const done = this.model.done.get(step.id);
    if (done || taken) {
      const line = el('p', 'prediction-result', { 'data-prediction-result': '' });
      const words = predictionWords(step, (done && done.prediction) || taken);
      if (done) {
        const measured = done.value === null || done.value === undefined ? t('guide.noValue') : formatNumber(done.value, { maximumFractionDigits: 2 });
        line.textContent = words ? t('guide.predictedMeasured', { prediction: words, measured }) : t('guide.measured', { measured });
      } else {
        line.textContent = t('guide.yourPrediction', { prediction: words });
      }
      box.append(line);
      return box;
    }
    if (!this.model.mayPredict(step.id)) return box;
    const pending = this.pending && this.pending.step === step.id;
    if (p.kind === 'choice') {
      const group = el('div', 'prediction-choices', { role: 'group', 'aria-label': p.question });
      p.choices.forEach((choice, index) => {
        const b = el('button', 'btn', { type: 'button', 'data-choice': String(index), 'data-focus-key': `choice-${step.id}-${index}` });
        b.textContent = choice;
        b.disabled = pending;
        b.addEventListener('click', () => this.predict(step, { choice: index }));
        group.append(b);
      });
      box.append(group);
    } else {
      const form = el('form', 'prediction-number');
      const id = `predict-${step.id}`;
      const label = el('label', 'sr-only', { for: id });
      label.textContent = p.question;
      const input = el('input', '', { id, type: 'text', inputmode: 'decimal', autocomplete: 'off', 'data-prediction-value': '', maxlength: '24', 'data-focus-key': `value-${step.id}` });
      const unit = el('span', 'prediction-unit');
      unit.textContent = p.unit;
      const submit = el('button', 'btn btn-primary', { type: 'submit', 'data-focus-key': `submit-${step.id}` });
      submit.textContent = t('guide.predict');
      submit.disabled = pending;
      form.append(label, input, unit, submit);
      form.addEventListener('submit', (ev) => {
        ev.preventDefault();
        const value = parseNumber(input.value);
        if (!Number.isFinite(value)) {
          this.showError(t('guide.notANumber'));
          input.focus();
          return;
        }
        this.predict(step, { value });
      });
      box.append(form);
    }
    return box;
  }

  renderHints(step) {
    const shown = Math.min(this.hintsShown.get(step.id) || 0, step.hints.length);
    const box = el('div', 'hints');
    if (shown) {
      const list = el('ol', 'hint-list', { 'aria-label': t('guide.hints') });
      for (const h of step.hints.slice(0, shown)) {
        const li = el('li', 'guide-md');
        showMarkdown(li, h, this.renderer, { inline: true });
        list.append(li);
      }
      box.append(list);
    }
    if (shown < step.hints.length) {
      const b = el('button', 'link-button hint-button', { type: 'button', 'data-hint': step.id, 'data-focus-key': `hint-${step.id}` });
      b.textContent = shown ? t('guide.anotherHint', { n: shown + 1, total: step.hints.length }) : t('guide.hint', { total: step.hints.length });
      b.addEventListener('click', () => {
        this.hintsShown.set(step.id, shown + 1);
        this.render();
        // The new hint is read next: focus stays on the button (or its place) for the next one.
        const next = this.list.querySelector(`[data-hint="${CSS.escape(step.id)}"]`) || this.list.querySelector(`#guide-step-${CSS.escape(step.id)} .hint-list li:last-child`);
        if (next) {
          if (next.tagName === 'LI') next.tabIndex = -1;
          next.focus();
        }
        this.announce(step.hints[shown].replace(/[`*_$]/g, ''));
      });
      box.append(b);
    }
    return box;
  }

  /** The strings the panel put up itself, in the page's language, and the guide in it. */
  relabel() {
    this.refetch();
  }
}
