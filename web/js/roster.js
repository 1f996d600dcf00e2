// The instructor's roster (`[data-roster]`): the class's progress through the guide from the
// room's `progress` messages: per student the steps done and the predictions made, per step
// how many are done, the class's predictions for a prediction step as a chart (Chart.js, as
// js/plot.js loads it), and the controls to move everyone to a step (`guide-step`) and to
// export the progress as CSV (`guide-csv`, answered by `progress-csv`). Aggregation is pure
// (node --test); RosterView draws it.

import { msg } from './protocol.js';
import { t, lang, formatNumber } from './i18n.js';
import { loadChart } from './plot.js';
import { predictionWords } from './guide.js';
import { displayName } from './room-state.js';
import { el as element } from './controls.js';

/** At most this many bars for numbers (equal widths over the class's range). */
export const NUMBER_BINS = 6;

/** Per student: `{member, name, open, done: Map step → value, predictions: Map step → answer}`. */
export function rosterRows(progress) {
  return (progress ? progress.members : []).map((m) => ({
    member: m.member,
    name: m.name,
    open: m.open,
    done: new Map(m.done.map((d) => [d.step, d.value])),
    predictions: new Map(m.predictions.map((p) => [p.step, p.prediction])),
  }));
}

/** Per step, how many students met it: `Map step → n` (from the room's own counts). */
export function doneCounts(progress) {
  return new Map((progress ? progress.steps : []).map((s) => [s.id, s.done]));
}

/**
 * The class's predictions for `step` (a guide step with `prediction`): `{labels, counts, n}`.
 * Choices: one bar per choice, in the guide's order. Numbers: up to NUMBER_BINS bars of equal
 * width from the smallest to the largest prediction (one bar when all agree).
 */
export function predictionDistribution(progress, step) {
  const answers = rosterRows(progress)
    .map((r) => r.predictions.get(step.id))
    .filter(Boolean);
  const p = step.prediction;
  if (p.kind === 'choice') {
    const counts = p.choices.map(() => 0);
    for (const a of answers) if ('choice' in a && a.choice < counts.length) counts[a.choice]++;
    return { labels: [...p.choices], counts, n: answers.length };
  }
  const values = answers.filter((a) => 'value' in a).map((a) => a.value);
  if (!values.length) return { labels: [], counts: [], n: 0 };
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const unit = p.unit ? ` ${p.unit}` : '';
  const fmt = (v) => formatNumber(v, { maximumFractionDigits: 2 });
  if (lo === hi) return { labels: [`${fmt(lo)}${unit}`], counts: [values.length], n: values.length };
  const bins = Math.min(NUMBER_BINS, new Set(values).size);
  const width = (hi - lo) / bins;
  const counts = new Array(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.floor((v - lo) / width))]++;
  const labels = counts.map((_, i) => `${fmt(lo + i * width)}–${fmt(lo + (i + 1) * width)}${unit}`);
  return { labels, counts, n: values.length };
}

/**
 * The prediction step to chart: the one most students have open when it asks a prediction,
 * else the first asking one at or after it, else the last one that asks; null when none asks.
 */
export function currentPredictionStep(progress, guide) {
  const asking = guide.steps.filter((s) => s.prediction);
  if (!asking.length) return null;
  const opens = new Map();
  for (const m of progress ? progress.members : []) if (m.open) opens.set(m.open, (opens.get(m.open) || 0) + 1);
  let common = null;
  for (const [id, n] of opens) if (!common || n > opens.get(common)) common = id;
  const from = common ? guide.steps.findIndex((s) => s.id === common) : 0;
  return guide.steps.slice(Math.max(0, from)).find((s) => s.prediction) || asking[asking.length - 1];
}

const el = (tag, cls, text) => element(document, tag, cls, text);

/** The roster panel: `send` sends a message; `guide()` is the guide shown (its language). */
export class RosterView {
  constructor(root, { send, guide, download }) {
    Object.assign(this, { root, send, guide, download });
    this.progress = null;
    this.chosen = null; // a prediction step the instructor picked to chart
    this.chart = null;
    this.lastCSV = null;
    this.table = root.querySelector('[data-roster-table]');
    this.empty = root.querySelector('[data-roster-empty]');
    this.chartBox = root.querySelector('[data-roster-chart-box]');
    this.canvas = root.querySelector('[data-roster-chart]');
    this.summary = root.querySelector('[data-roster-chart-summary]');
    this.pickStep = root.querySelector('[data-roster-pstep]');
    this.moveStep = root.querySelector('[data-guide-move-step]');
    this.pickStep.addEventListener('change', () => {
      this.chosen = this.pickStep.value;
      this.render();
    });
    root.querySelector('[data-guide-move]').addEventListener('submit', (ev) => {
      ev.preventDefault();
      if (this.moveStep.value) this.send(msg.control('guide-step', { step: this.moveStep.value }));
    });
    root.querySelector('[data-guide-csv]').addEventListener('click', () => this.send(msg.control('guide-csv')));
  }

  /** The instructor's view of a room: shown when the room has a guide and sends a roster. */
  setVisible(on) {
    this.root.hidden = !on;
  }

  onProgress(m) {
    this.progress = m;
    this.render();
  }

  onCSV(m) {
    const g = this.guide();
    this.lastCSV = m.csv;
    this.download(`${(g && g.lesson) || 'guide'}-progress.csv`, m.csv);
  }

  /** A new lesson: nothing known until the room's next roster. */
  reset() {
    this.progress = null;
    this.chosen = null;
    this.render();
  }

  render() {
    const guide = this.guide();
    if (!guide) return;
    this.renderTable(guide);
    this.renderSelect(this.moveStep, guide.steps, this.moveStep.value, guide);
    this.renderChart(guide);
  }

  renderSelect(select, steps, value, guide) {
    const ids = steps.map((s) => `${s.id}:${s.title}`).join('|');
    if (select.dataset.ids !== ids) {
      select.replaceChildren(
        ...steps.map((s) => {
          const o = el('option', '', t('roster.stepOption', { n: guide.steps.indexOf(s) + 1, title: s.title }));
          o.value = s.id;
          return o;
        }),
      );
      select.dataset.ids = ids;
    }
    if (value && steps.some((s) => s.id === value)) select.value = value;
  }

  renderTable(guide) {
    const rows = rosterRows(this.progress);
    const counts = doneCounts(this.progress);
    this.empty.hidden = rows.length > 0;
    const caption = el('caption', 'sr-only', t('roster.caption'));
    const headRow = el('tr');
    headRow.append(el('th', '', t('roster.student')));
    guide.steps.forEach((s, i) => {
      const th = el('th', 'roster-step');
      th.scope = 'col';
      th.title = s.title;
      th.append(el('span', '', String(i + 1)), el('span', 'sr-only', ` ${s.title}`));
      headRow.append(th);
    });
    headRow.firstChild.scope = 'col';
    const thead = el('thead');
    thead.append(headRow);
    const tbody = el('tbody');
    for (const r of rows) {
      const tr = el('tr');
      tr.dataset.member = String(r.member);
      const th = el('th', 'roster-name', displayName(r.name));
      th.scope = 'row';
      tr.append(th);
      for (const s of guide.steps) tr.append(this.cell(s, r));
      tbody.append(tr);
    }
    const tfoot = el('tfoot');
    const total = el('tr');
    const label = el('th', '', t('roster.doneRow'));
    label.scope = 'row';
    total.append(label);
    for (const s of guide.steps) {
      const td = el('td', 'roster-count', t('roster.count', { done: formatNumber(counts.get(s.id) || 0), total: formatNumber(rows.length) }));
      td.dataset.stepCount = s.id;
      total.append(td);
    }
    tfoot.append(total);
    this.table.replaceChildren(caption, thead, tbody, tfoot);
  }

  cell(step, r) {
    const td = el('td', 'roster-cell');
    td.dataset.step = step.id;
    const done = r.done.has(step.id);
    const predicted = r.predictions.get(step.id);
    const mark = done ? '✓' : r.open === step.id ? '→' : '';
    if (done) td.dataset.done = '';
    if (mark) td.append(el('span', 'roster-mark', mark));
    const words = [done ? t('roster.done') : r.open === step.id ? t('roster.open') : t('roster.notDone')];
    if (predicted) {
      const p = predictionWords(step, predicted);
      const badge = el('span', 'roster-predicted', '?');
      badge.title = p;
      td.append(badge);
      td.dataset.prediction = p;
      words.push(t('roster.predicted', { prediction: p }));
    }
    const value = done ? r.done.get(step.id) : null;
    if (value !== null && value !== undefined) words.push(t('roster.value', { value: formatNumber(value, { maximumFractionDigits: 2 }) }));
    td.querySelectorAll('span').forEach((s) => s.setAttribute('aria-hidden', 'true'));
    td.append(el('span', 'sr-only', words.join('; ')));
    td.title = words.join('; ');
    return td;
  }

  renderChart(guide) {
    const asking = guide.steps.filter((s) => s.prediction);
    this.chartBox.hidden = !asking.length;
    if (!asking.length) return;
    const step = asking.find((s) => s.id === this.chosen) || currentPredictionStep(this.progress, guide);
    this.renderSelect(this.pickStep, asking, step.id, guide);
    const dist = predictionDistribution(this.progress, step);
    this.summary.textContent = dist.n
      ? t('roster.distribution', { n: formatNumber(dist.n), parts: dist.labels.map((l, i) => `${l}: ${formatNumber(dist.counts[i])}`).join(', ') })
      : t('roster.noPredictions');
    this.summary.dataset.counts = dist.counts.join(',');
    this.canvas.setAttribute('aria-label', t('roster.chartLabel', { question: step.prediction.question }));
    loadChart()
      .then((Chart) => {
        if (!this.chart) {
          this.chart = new Chart(this.canvas, {
            type: 'bar',
            data: { labels: [], datasets: [{ data: [], backgroundColor: '#0a5fe0' }] },
            options: {
              animation: false,
              responsive: true,
              maintainAspectRatio: false,
              plugins: { legend: { display: false } },
              scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
            },
          });
        }
        this.chart.options.locale = lang();
        this.chart.data.labels = dist.labels;
        this.chart.data.datasets[0].data = dist.counts;
        this.chart.data.datasets[0].label = t('roster.students');
        this.chart.update('none');
      })
      .catch(() => {
        this.summary.textContent = `${this.summary.textContent} ${t('physics.noChart')}`;
      });
  }
}
