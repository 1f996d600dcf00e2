// The plot: position, speed and energy of the picked item against simulation time, drawn
// with Chart.js (Debian's libjs-chart.js, served by the server under /lib/). The series is
// kept here from the overlay frames joined with their state frames; simulation time going
// back (start again, a rewind) drops the points after it, so the plot follows the room.

/** Where the server serves Chart.js's ES module (docs/server.md, `--web-libs`). */
export const CHART_URL = '/lib/chart.js/chart.mjs';
/** Seconds of simulation time the plot keeps. */
export const PLOT_SECONDS = 10;
const POINTS_PER_METRE = 100;

import { t, lang } from './i18n.js';

// Each series: [key, colour, dash pattern]: lines told apart by their dashes too, not only hue.
// Axis titles and series names are catalog keys (`plot.<quantity>`, `plot.series.<key>`).
export const QUANTITIES = Object.freeze({
  position: { series: [['x', '#1565c0', []], ['y', '#c62828', [6, 3]]] },
  speed: { series: [['speed', '#1565c0', []]] },
  energy: {
    series: [
      ['kinetic', '#1565c0', []],
      ['potential', '#7b1fa2', [6, 3]],
      ['spring', '#c2185b', [2, 2]],
      ['total', '#212121', [10, 3, 2, 3]],
    ],
  },
});

/**
 * One plot point from an item's state `s` ({x, y}) and its overlay entry `o` (velocity,
 * mass, forces): kinetic energy ½ m v²; potential in the room's gravity, m g h with h the
 * height above the view's lowest edge along gravity (gravity's force is m g, so no lesson
 * parameter is needed); `spring` the energy in the room's springs.
 */
export function plotPoint(time, s, o, bounds, springEnergy = 0) {
  const vx = o.velocity ? o.velocity.x : 0;
  const vy = o.velocity ? o.velocity.y : 0;
  const speed = Math.hypot(vx, vy);
  const mass = o.mass || 0;
  const v = speed / POINTS_PER_METRE;
  const kinetic = 0.5 * mass * v * v;
  let potential = 0;
  const g = o.forces && o.forces.gravity;
  if (g) {
    const gl = Math.hypot(g.x, g.y);
    if (gl > 0) {
      // Work gravity would do moving the item from here to the edge it falls towards.
      const ux = g.x / gl;
      const uy = g.y / gl;
      const along = (s.x - bounds.w / 2) * ux + (s.y - bounds.h / 2) * uy;
      const edge = (Math.abs(ux) * bounds.w) / 2 + (Math.abs(uy) * bounds.h) / 2;
      potential = (gl * (edge - along)) / POINTS_PER_METRE;
    }
  }
  const spring = springEnergy;
  return { t: time, x: s.x, y: s.y, speed, kinetic, potential, spring, total: kinetic + potential + spring };
}

/** The picked item's points over the last PLOT_SECONDS of simulation time. */
export class PlotSeries {
  constructor(seconds = PLOT_SECONDS) {
    this.seconds = seconds;
    this.points = [];
    this.item = null;
    this.version = 0;
  }

  /** Starts over for another item (or none). */
  pick(id) {
    this.item = id;
    this.points = [];
    this.version++;
  }

  clear() {
    this.points = [];
    this.version++;
  }

  add(p) {
    const pts = this.points;
    // Time went back (start again, a rewind): the points after it are no longer history.
    while (pts.length && pts[pts.length - 1].t >= p.t) pts.pop();
    pts.push(p);
    while (pts.length && pts[0].t < p.t - this.seconds) pts.shift();
    this.version++;
  }

  get latest() {
    return this.points.length ? this.points[this.points.length - 1] : null;
  }
}

let chartModule = null;
/** Loads Chart.js once; rejects when the server has no /lib/chart.js (the plot then says so). */
export function loadChart(url = CHART_URL) {
  if (!chartModule) {
    chartModule = import(url).then((m) => {
      m.Chart.register(...m.registerables);
      return m.Chart;
    });
    chartModule.catch(() => {
      chartModule = null;
    });
  }
  return chartModule;
}

/** The chart in `[data-plot]`: redraws the series at most `fps` times a second. */
export class PlotView {
  constructor(canvas, note, { fps = 10 } = {}) {
    this.canvas = canvas;
    this.note = note;
    this.minInterval = 1000 / fps;
    this.quantity = 'position';
    this.chart = null;
    this.drawnVersion = -1;
    this.lastDraw = 0;
    this.failed = false;
    this.loading = null;
  }

  start() {
    if (this.loading) return this.loading;
    this.loading = loadChart()
      .then((Chart) => {
        this.chart = new Chart(this.canvas, {
          type: 'line',
          data: { datasets: [] },
          options: {
            animation: false,
            locale: lang(), // the axes' numbers as the page's language writes them
            responsive: true,
            maintainAspectRatio: false,
            parsing: false,
            normalized: true,
            plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } },
            scales: {
              x: { type: 'linear', title: { display: true, text: t('plot.time') } },
              y: { type: 'linear', title: { display: true, text: '' } },
            },
            elements: { point: { radius: 0 }, line: { borderWidth: 2 } },
          },
        });
        this.setQuantity(this.quantity);
      })
      .catch(() => {
        this.failed = true;
        if (this.note) this.note.textContent = t('physics.noChart');
      });
    return this.loading;
  }

  setQuantity(q) {
    if (!QUANTITIES[q]) return;
    this.quantity = q;
    this.drawnVersion = -1;
    if (!this.chart) return;
    const spec = QUANTITIES[q];
    this.chart.data.datasets = spec.series.map(([key, color, dash]) => ({ label: t(`plot.series.${key}`), data: [], borderColor: color, backgroundColor: color, borderDash: dash }));
    this.chart.options.scales.y.title.text = t(`plot.${q}`);
  }

  /** The axis titles and series names again, in the page's language. */
  relabel() {
    if (this.failed && this.note) this.note.textContent = t('physics.noChart');
    if (!this.chart) return;
    this.chart.options.locale = lang();
    this.chart.options.scales.x.title.text = t('plot.time');
    this.setQuantity(this.quantity);
  }

  /** Redraws when the series changed and the last redraw is old enough. */
  update(series, nowMs, force = false) {
    if (!this.chart || (series.version === this.drawnVersion && !force)) return;
    if (!force && nowMs - this.lastDraw < this.minInterval) return;
    this.lastDraw = nowMs;
    this.drawnVersion = series.version;
    const spec = QUANTITIES[this.quantity];
    spec.series.forEach(([key], i) => {
      this.chart.data.datasets[i].data = series.points.map((p) => ({ x: p.t, y: p[key] }));
    });
    this.chart.update('none');
  }
}
