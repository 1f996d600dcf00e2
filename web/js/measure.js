// Measuring on the stage: picking an item under a point (for its values and the plot), a
// ruler between two points in points, and a stopwatch on simulation time. Pure functions
// and small classes; the page wires them (physics-view.js).

import { contextTransform } from './viewport.js';
import { haloStroke } from './render.js';
import { formatNumber } from './overlays.js';
import { t } from './i18n.js';
import { itemName } from './announce.js';

/** The item under view point `p`, topmost first (last drawn), or null. */
export function pickItem(descriptors, positions, p) {
  for (let i = descriptors.length - 1; i >= 0; i--) {
    const d = descriptors[i];
    const s = positions.get(d.id) || d;
    if (s.hidden || d.hidden) continue;
    // Into the item's own frame (it may be turned).
    const c = Math.cos(-(s.angle || 0));
    const n = Math.sin(-(s.angle || 0));
    const dx = p.x - s.x;
    const dy = p.y - s.y;
    const lx = c * dx - n * dy;
    const ly = n * dx + c * dy;
    const hw = Math.max(d.w / 2, 8);
    const hh = Math.max(d.h / 2, 8);
    const inside = d.shape === 'ellipse' ? (lx / hw) ** 2 + (ly / hh) ** 2 <= 1 : Math.abs(lx) <= hw && Math.abs(ly) <= hh;
    if (inside) return d.id;
  }
  return null;
}

/** The name of what acts on an item (an overlay behaviour or force source), in the page's language. */
export function forceName(name) {
  const key = `force.${name}`;
  const s = t(key);
  return s === key ? name : s;
}

/**
 * The values shown for a tapped item: `[[label, value], ...]`. `o` is the item's entry of
 * the overlay frame (velocity, mass, behaviours), or null before overlay data arrives.
 */
export function itemReadout(d, s, o) {
  const f = formatNumber;
  const rows = [[t('readout.item'), `${itemName(d.name, d.id)} #${d.id}`]];
  if (s) rows.push([t('readout.centre'), t('readout.centreValue', { x: f(s.x), y: f(s.y) })]);
  if (o && o.velocity) {
    const v = Math.hypot(o.velocity.x, o.velocity.y);
    rows.push([t('readout.mass'), t('readout.massValue', { mass: f(o.mass) })]);
    rows.push([t('readout.velocity'), t('readout.velocityValue', { x: f(o.velocity.x), y: f(o.velocity.y), speed: f(v) })]);
    rows.push([t('readout.angular'), t('readout.angularValue', { value: f(o.angularVelocity) })]);
  }
  if (o) {
    rows.push([t('readout.behaviours'), o.behaviors.length ? o.behaviors.map(forceName).join(', ') : t('readout.none')]);
    for (const [source, v] of Object.entries(o.forces)) {
      rows.push([t('readout.force', { source: forceName(source) }), t('readout.forceValue', { value: f(Math.hypot(v.x, v.y)), x: f(v.x), y: f(v.y) })]);
    }
  } else rows.push([t('readout.behaviours'), t('readout.waiting')]);
  return rows;
}

/** A ruler between two view points; its length in points. */
export class Ruler {
  constructor() {
    this.a = null;
    this.b = null;
  }

  clear() {
    this.a = this.b = null;
  }

  get length() {
    return this.a && this.b ? Math.hypot(this.b.x - this.a.x, this.b.y - this.a.y) : null;
  }

  draw(ctx, fit) {
    if (!this.a || !this.b) return;
    const { a, b } = this;
    ctx.save();
    ctx.setTransform(...contextTransform(fit));
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    haloStroke(ctx, 2, '#f57f17', { halo: 5 });
    // A tick every 50 points along the ruler.
    const len = this.length;
    const ux = len ? (b.x - a.x) / len : 0;
    const uy = len ? (b.y - a.y) / len : 0;
    ctx.lineWidth = 1.5;
    for (let d = 0; d <= len + 1e-6; d += 50) {
      const x = a.x + ux * d;
      const y = a.y + uy * d;
      ctx.beginPath();
      ctx.moveTo(x - uy * 6, y + ux * 6);
      ctx.lineTo(x + uy * 6, y - ux * 6);
      ctx.stroke();
    }
    ctx.font = '700 12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
    const text = t('physics.rulerLength', { length: formatNumber(len) });
    const w = ctx.measureText(text).width + 10;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2 - 14;
    ctx.fillStyle = 'rgba(17,24,39,0.86)';
    ctx.fillRect(mx - w / 2, my - 9, w, 18);
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, mx, my + 0.5);
    ctx.restore();
  }
}

/**
 * A stopwatch on simulation time: it runs only while the room's clock runs (a paused room
 * stops it), and a start again (time going back) keeps what it had measured.
 */
export class Stopwatch {
  constructor() {
    this.reset();
  }

  reset() {
    this.running = false;
    this.elapsed = 0;
    this.last = null;
  }

  start(time) {
    this.running = true;
    this.last = time;
  }

  stop(time) {
    this.observe(time);
    this.running = false;
  }

  /** Feeds the room's simulation time (each frame). */
  observe(time) {
    if (!this.running || !Number.isFinite(time)) return;
    if (this.last !== null && time > this.last) this.elapsed += time - this.last;
    this.last = time;
  }

  get text() {
    return `${this.elapsed.toFixed(2)} s`;
  }
}
