// "See the physics" beside the stage: the overlay switches and their legend, the measuring
// tools (inspect an item, a ruler, a stopwatch), the plot, and the instructor's "show to
// everyone". It asks the server for overlay data only while something needs it, builds
// its own panel in the side column (so index.html stays as it was and the stage keeps its
// height), and draws after render.js.

import { overlayRequest, SHARED_OVERLAYS } from './overlay-protocol.js';
import { OVERLAYS, OverlayTimeline, Trails, drawOverlays, forceScale, formatNumber, neededData, renderLegend } from './overlays.js';
import { PlotSeries, PlotView, QUANTITIES, plotPoint } from './plot.js';
import { Ruler, Stopwatch, itemReadout, pickItem } from './measure.js';
import { t, translate, onLanguageChange, formatFixed } from './i18n.js';
import { itemName } from './announce.js';

/** Overlay frames a second while arrows are drawn, and for the plot and readout alone. */
export const ARROW_RATE = 60;
export const PLOT_RATE = 10;
/** Requests wait this long so that quick toggles make one request (the server limits them). */
const REQUEST_DELAY_MS = 250;

// `i18n` is a catalog key for the text (kept as data-i18n, so a switch of language redoes it).
function el(tag, attrs = {}, children = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else if (k === 'i18n') e.dataset.i18n = v;
    else if (k === 'i18nAttr') e.dataset.i18nAttr = v;
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

/** The rate and data to ask for when `on` overlays are shown (the plot always wants some). */
export function subscriptionFor(on) {
  const want = new Set(['velocity', 'forces', ...neededData(on)]);
  const arrows = ['velocity', 'forces', 'contacts'].some((n) => on.has(n));
  return overlayRequest([...want], arrows ? ARROW_RATE : PLOT_RATE);
}

export class PhysicsView {
  /**
   * @param {object} o
   * @param {Element} o.before the panel this one goes before (in the side column)
   * @param {HTMLCanvasElement} o.canvas the stage
   * @param {object} o.state the room state (room-state.js)
   * @param {(m: object) => boolean} o.send
   * @param {(cx: number, cy: number) => {x, y}} o.toView client pixels → view points
   * @param {() => void} o.changed asks the page to redraw
   */
  constructor({ before, canvas, state, send, toView, changed }) {
    this.state = state;
    this.send = send;
    this.changed = changed;
    this.local = new Set();
    this.shared = new Set();
    this.timeline = new OverlayTimeline();
    this.trails = new Trails();
    this.series = new PlotSeries();
    this.ruler = new Ruler();
    this.stopwatch = new Stopwatch();
    this.tool = null;
    this.frames = new Map(); // seq → state frame, to join overlay frames with positions
    this.scale = null;
    this.autoPick = true;
    this.requested = null;
    this.requestTimer = null;
    this.live = false;
    this.overlaysReceived = 0;
    this.build(before);
    this.bindPointer(canvas, toView);
    this.plot.start();
  }

  // ---- DOM

  build(before) {
    this.switches = new Map();
    const switchRow = el('div', { class: 'overlay-switches', role: 'group', i18nAttr: 'aria-label:physics.overlays' });
    for (const name of OVERLAYS) {
      const b = el('button', { type: 'button', class: 'btn toggle', 'data-overlay': name, 'aria-pressed': 'false', i18n: `physics.${name}` });
      b.addEventListener('click', () => this.toggle(name));
      this.switches.set(name, b);
      switchRow.append(b);
    }
    this.legend = el('ul', { class: 'legend', 'data-overlay-legend': '', hidden: '' });

    this.classSwitches = new Map();
    const classRow = el('div', { class: 'overlay-switches class-overlays', role: 'group', i18nAttr: 'aria-label:physics.showEveryone', 'data-class-overlays': '', hidden: '' }, [
      el('span', { class: 'row-label', i18n: 'physics.showEveryoneRow' }),
    ]);
    for (const name of SHARED_OVERLAYS) {
      const b = el('button', { type: 'button', class: 'btn toggle', 'data-class-overlay': name, 'aria-pressed': 'false', i18n: `physics.${name}` });
      b.addEventListener('click', () => this.send({ type: 'control', action: 'overlay', overlay: name, on: !this.shared.has(name) }));
      this.classSwitches.set(name, b);
      classRow.append(b);
    }
    this.classRow = classRow;

    this.toolButtons = new Map();
    const tools = el('div', { class: 'overlay-switches tools', role: 'group', i18nAttr: 'aria-label:physics.measure' });
    for (const name of ['inspect', 'ruler']) {
      const b = el('button', { type: 'button', class: 'btn toggle', 'data-tool': name, 'aria-pressed': 'false', i18n: `physics.${name}`, i18nAttr: `title:physics.${name}Title` });
      b.addEventListener('click', () => this.setTool(this.tool === name ? null : name));
      this.toolButtons.set(name, b);
      tools.append(b);
    }
    this.rulerText = el('span', { class: 'ruler-length', 'data-ruler-length': '' });
    this.watchText = el('output', { class: 'stopwatch', 'data-stopwatch': '' });
    this.watchButton = el('button', { type: 'button', class: 'btn', 'data-stopwatch-toggle': '' });
    const watchReset = el('button', { type: 'button', class: 'btn', 'data-stopwatch-reset': '', i18n: 'physics.reset' });
    this.watchButton.addEventListener('click', () => {
      const t = this.time();
      if (this.stopwatch.running) this.stopwatch.stop(t);
      else this.stopwatch.start(t);
      this.updateStopwatch();
    });
    watchReset.addEventListener('click', () => {
      this.stopwatch.reset();
      this.updateStopwatch();
    });
    tools.append(this.rulerText);
    const watch = el('div', { class: 'overlay-switches', role: 'group', i18nAttr: 'aria-label:physics.stopwatch' }, [
      el('span', { class: 'row-label', i18n: 'physics.stopwatchRow' }),
      this.watchText,
      this.watchButton,
      watchReset,
    ]);
    this.readout = el('dl', { class: 'readout', 'data-readout': '', hidden: '' });

    this.quantity = el('select', { 'data-plot-quantity': '', i18nAttr: 'aria-label:physics.quantity' });
    for (const q of Object.keys(QUANTITIES)) this.quantity.append(el('option', { value: q, i18n: `plot.quantity.${q}` }));
    this.quantity.addEventListener('change', () => {
      this.plot.setQuantity(this.quantity.value);
      this.plot.update(this.series, performance.now(), true);
    });
    this.itemSelect = el('select', { 'data-plot-item': '', i18nAttr: 'aria-label:physics.item' });
    this.itemSelect.addEventListener('change', () => this.pick(Number(this.itemSelect.value), false));
    const plotCanvas = el('canvas', { i18nAttr: 'aria-label:physics.plotLabel', role: 'img' });
    this.plotNote = el('p', { class: 'panel-note', 'data-plot-note': '' });
    this.plotSummary = el('p', { class: 'plot-summary', 'data-plot-summary': '' });
    const plotBox = el('div', { class: 'plot', 'data-plot': '' }, [plotCanvas]);
    this.plotBox = plotBox;
    this.plot = new PlotView(plotCanvas, this.plotNote);

    const section = el('section', { class: 'panel physics', 'aria-labelledby': 'physics-title', 'data-physics': '' }, [
      el('h2', { class: 'panel-title', id: 'physics-title', i18n: 'physics.title' }),
      switchRow,
      this.legend,
      classRow,
      tools,
      watch,
      this.readout,
      el('div', { class: 'plot-head' }, [
        el('label', {}, [el('span', { i18n: 'physics.plot' }), this.quantity]),
        el('label', {}, [el('span', { i18n: 'physics.of' }), this.itemSelect]),
      ]),
      plotBox,
      this.plotSummary,
      this.plotNote,
    ]);
    before.insertAdjacentElement('beforebegin', section);
    translate(section);
    this.updateStopwatch();
    onLanguageChange(() => {
      this.itemSelect.dataset.key = '';
      this.syncItems();
      this.plotSummary.dataset.key = '';
      this.updateSummary();
      this.updateStopwatch();
      this.updateReadout();
      this.legend.dataset.key = '';
      this.refresh();
      this.plot.relabel();
      this.plot.update(this.series, performance.now(), true);
    });
  }

  // ---- overlays and subscription

  get on() {
    return new Set([...this.local, ...this.shared]);
  }

  toggle(name) {
    if (this.local.has(name)) this.local.delete(name);
    else this.local.add(name);
    if (!this.local.has(name) && this.shared.has(name)) {
      // Shown by the instructor: it stays on; say why.
      this.switches.get(name).dataset.i18nAttr = 'title:physics.sharedByInstructor';
      this.switches.get(name).title = t('physics.sharedByInstructor');
    }
    this.refresh();
  }

  refresh() {
    const on = this.on;
    for (const [name, b] of this.switches) b.setAttribute('aria-pressed', String(on.has(name)));
    for (const [name, b] of this.classSwitches) b.setAttribute('aria-pressed', String(this.shared.has(name)));
    if (!on.has('trails')) this.trails.clear();
    renderLegend(this.legend, { on, overlay: this.timeline.newest, scale: this.currentScale() });
    this.subscribe();
    this.changed();
  }

  subscribe(now = false) {
    if (!this.live) return;
    const m = subscriptionFor(this.on);
    const key = JSON.stringify(m);
    if (key === this.requested) return;
    clearTimeout(this.requestTimer);
    const go = () => {
      if (this.send(m)) this.requested = key;
    };
    if (now) go();
    else this.requestTimer = setTimeout(go, REQUEST_DELAY_MS);
  }

  currentScale() {
    if (this.scale === null && this.timeline.newest) this.scale = forceScale(this.timeline.newest);
    return this.scale ?? 5;
  }

  /** Keeps the force scale unless the forces have changed by more than a step of nice
   * numbers (gravity changed, say), so that arrows do not rescale with every bump. */
  updateScale(o) {
    if (![...o.items.values()].some((it) => Object.keys(it.forces).length)) return;
    const s = forceScale(o);
    if (this.scale === null || s > this.scale * 2.5 || s < this.scale / 2.5) this.scale = s;
  }

  // ---- from the connection

  /** A new connection's welcome (or a switched lesson): the subscription starts again. */
  onWelcome() {
    this.live = true;
    this.requested = null;
    this.timeline.clear();
    this.trails.clear();
    this.frames.clear();
    this.scale = null;
    this.ruler.clear();
    this.autoPick = true;
    this.series.pick(null);
    this.syncItems();
    this.classRow.hidden = this.state.role !== 'instructor';
    this.refresh();
    this.subscribe(true);
  }

  onStatus(status) {
    if (status !== 'live') {
      this.live = false;
      this.requested = null;
    }
  }

  onMessage(m) {
    if (m.type === 'overlays') {
      const before = this.shared;
      this.shared = new Set(m.overlays);
      // An overlay the instructor takes back goes off here too, unless switched on here.
      for (const n of before) if (!this.shared.has(n)) this.local.delete(n);
      this.refresh();
    }
    if (m.type === 'scene') this.syncItems();
    if (m.type === 'room' || m.type === 'presence') this.classRow.hidden = this.state.role !== 'instructor';
  }

  onFrame(f) {
    if (f.seq !== null && f.seq !== undefined) {
      this.frames.set(f.seq, f);
      if (this.frames.size > 32) this.frames.delete(this.frames.keys().next().value);
    }
    this.stopwatch.observe(f.time);
    this.updateStopwatch();
  }

  onOverlay(o) {
    this.overlaysReceived++;
    this.timeline.push(o);
    this.updateScale(o);
    if (this.autoPick && this.series.item === null) {
      // One item is picked by default: the first the animator simulates.
      const first = [...o.items.values()].find((it) => it.behaviors.length);
      if (first) this.pick(first.id, true);
    }
    const f = this.frames.get(o.seq);
    const id = this.series.item;
    const it = id !== null ? o.items.get(id) : null;
    const s = f && id !== null ? f.items.find((x) => x.id === id) : null;
    if (it && s && it.velocity) {
      const spring = o.lines.reduce((sum, l) => sum + l.springEnergy, 0);
      this.series.add(plotPoint(o.time, s, it, this.state.bounds, spring));
    }
    this.plot.update(this.series, performance.now());
    this.updateSummary();
    renderLegend(this.legend, { on: this.on, overlay: o, scale: this.currentScale() });
    this.updateReadout();
    if (this.on.size) this.changed();
  }

  // ---- picking and readouts

  syncItems() {
    const items = this.state.items || [];
    if (this.series.item !== null && !items.some((d) => d.id === this.series.item)) {
      // The picked item is gone (start again makes new items): pick again by default.
      this.autoPick = true;
      this.series.pick(null);
    }
    const key = items.map((d) => `${d.id}:${d.name}`).join(',');
    if (this.itemSelect.dataset.key === key) return;
    this.itemSelect.dataset.key = key;
    this.itemSelect.replaceChildren(...items.map((d) => el('option', { value: String(d.id), text: `${itemName(d.name, d.id)} #${d.id}` })));
    if (this.series.item !== null) this.itemSelect.value = String(this.series.item);
  }

  pick(id, auto) {
    this.autoPick = auto;
    if (this.series.item !== id) this.series.pick(id);
    this.updateSummary();
    this.syncItems();
    this.itemSelect.value = String(id);
    this.plot.update(this.series, performance.now(), true);
    this.updateReadout();
    this.changed();
  }

  updateReadout() {
    const id = this.series.item;
    if (this.tool !== 'inspect' || id === null) {
      this.readout.hidden = true;
      return;
    }
    const d = (this.state.items || []).find((x) => x.id === id);
    if (!d) return;
    const o = this.timeline.newest;
    const f = o ? this.frames.get(o.seq) : null;
    const rows = itemReadout(d, f ? f.items.find((x) => x.id === id) : null, o ? o.items.get(id) : null);
    this.readout.replaceChildren(...rows.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })]));
    this.readout.hidden = false;
  }

  /** The latest point in words under the chart (a canvas says nothing to a screen reader),
   * and on `[data-plot]` as data attributes for tools. */
  updateSummary() {
    const p = this.series.latest;
    const key = p ? `${this.series.item}:${p.t}` : '';
    if (this.plotSummary.dataset.key === key) return;
    this.plotSummary.dataset.key = key;
    const d = this.plotBox.dataset;
    if (!p) {
      this.plotSummary.textContent = '';
      for (const k of ['item', 'time', 'x', 'y', 'speed']) delete d[k];
      return;
    }
    const f = formatNumber;
    this.plotSummary.textContent = t('physics.summary', { t: formatFixed(p.t, 2), x: f(p.x), y: f(p.y), speed: f(p.speed), kinetic: f(p.kinetic), potential: f(p.potential), spring: f(p.spring) });
    Object.assign(d, { item: String(this.series.item), time: String(p.t), x: String(p.x), y: String(p.y), speed: String(p.speed) });
  }

  updateStopwatch() {
    this.watchText.textContent = t('physics.seconds', { value: formatFixed(this.stopwatch.elapsed, 2) });
    this.watchButton.textContent = this.stopwatch.running ? t('physics.stop') : t('physics.start');
  }

  time() {
    const f = [...this.frames.values()].pop();
    return f ? f.time : this.state.time || 0;
  }

  // ---- tools on the stage

  setTool(name) {
    this.tool = name;
    this.measuring = false;
    for (const [n, b] of this.toolButtons) b.setAttribute('aria-pressed', String(n === name));
    if (name !== 'ruler') {
      this.ruler.clear();
      this.rulerText.textContent = '';
    }
    this.updateReadout();
    this.changed();
  }

  /** True while a tool takes the stage's pointer (gestures do not reach the lesson). */
  get takesPointer() {
    return this.tool !== null;
  }

  /** The ruler's far end at view point `p` (a pointer's drag, the keyboard cursor). */
  measureTo(p) {
    this.ruler.b = { x: p.x, y: p.y };
    this.rulerText.textContent = t('physics.rulerLength', { length: formatFixed(this.ruler.length, 1) });
    this.changed();
  }

  /**
   * The stage's keys while a tool is on (`p` the keyboard cursor): Enter inspects the item
   * under it; with the ruler, Space starts a measure there, the arrows (the cursor) stretch it,
   * Space again ends it. True when the key was the tool's.
   */
  key(key, p) {
    if (this.tool === 'inspect' && key === 'Enter') {
      const sample = this.lastSample;
      const id = pickItem(this.state.items || [], sample ? sample.items : new Map(), p);
      if (id !== null) this.pick(id, false);
      return true;
    }
    if (this.tool === 'ruler' && (key === ' ' || key === 'Enter')) {
      this.measuring = !this.measuring;
      if (this.measuring) {
        this.ruler.a = { x: p.x, y: p.y };
        this.measureTo(p);
      }
      return true;
    }
    if (this.tool === 'ruler' && this.measuring && key.startsWith('Arrow')) {
      this.measureTo(p);
      return false; // the cursor moves as ever
    }
    return key === 'Enter' || key === ' ' || key === 'Escape';
  }

  bindPointer(canvas, toView) {
    let dragging = null;
    canvas.addEventListener('pointerdown', (ev) => {
      if (!this.tool || (ev.button !== undefined && ev.button > 0)) return;
      const p = toView(ev.clientX, ev.clientY);
      ev.preventDefault();
      if (this.tool === 'inspect') {
        const sample = this.lastSample;
        const id = pickItem(this.state.items || [], sample ? sample.items : new Map(), p);
        if (id !== null) this.pick(id, false);
        return;
      }
      dragging = ev.pointerId;
      this.ruler.a = p;
      this.ruler.b = p;
      try {
        canvas.setPointerCapture(ev.pointerId);
      } catch {
        /* a synthetic pointer may not be capturable */
      }
      this.changed();
    });
    canvas.addEventListener('pointermove', (ev) => {
      if (dragging !== ev.pointerId || this.tool !== 'ruler') return;
      this.measureTo(toView(ev.clientX, ev.clientY));
    });
    const end = (ev) => {
      if (dragging === ev.pointerId) dragging = null;
    };
    canvas.addEventListener('pointerup', end);
    canvas.addEventListener('pointercancel', end);
  }

  // ---- drawing (after render.drawRoom, with the same interpolated moment)

  draw(ctx, fit, sample) {
    this.lastSample = sample;
    const on = this.on;
    if (sample && on.has('trails')) this.trails.add(sample);
    const overlay = sample ? this.timeline.at(sample.time) : null;
    const recentPush = sample && on.has('forces') ? this.timeline.lastPush(sample.time) : null;
    // (It fades with simulation time: the pushed item moves, so frames keep coming meanwhile.)
    drawOverlays(ctx, fit, { on, sample, overlay, trails: this.trails, scale: this.currentScale(), recentPush });
    this.ruler.draw(ctx, fit);
  }

  /** For window.newtons: what the overlays and the plot show. */
  snapshot() {
    const o = this.timeline.newest;
    return {
      on: [...this.on],
      shared: [...this.shared],
      received: this.overlaysReceived,
      scale: this.currentScale(),
      newest: o
        ? {
            seq: o.seq,
            time: o.time,
            items: [...o.items.values()],
            contacts: o.contacts,
            lines: o.lines,
          }
        : null,
      plot: { item: this.series.item, quantity: this.plot.quantity, points: this.series.points.length, latest: this.series.latest, chart: !!this.plot.chart },
      ruler: this.ruler.length,
      stopwatch: this.stopwatch.elapsed,
    };
  }
}
