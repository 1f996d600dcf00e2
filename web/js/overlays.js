// Overlays on the stage: trails, velocity arrows, force arrows by behaviour (with a legend
// and a stated scale), contact points, attachment tension. They draw over one interpolated
// moment (FrameBuffer.sample) with the overlay frame of that moment's simulation time, so
// they move as smoothly as the items and follow rewinds. Pure drawing and bookkeeping: the
// page wires the switches (app.js).

import { contextTransform } from './viewport.js';
import { haloStroke } from './render.js';
import { FORCE_SOURCES } from './overlay-protocol.js';
import { t, formatNumber as formatLocal } from './i18n.js';

/** The overlays a page can switch, in the order of their buttons. */
export const OVERLAYS = Object.freeze(['trails', 'velocity', 'forces', 'contacts']);

/** Which overlay data (OVERLAY_KINDS) each overlay needs from the server. */
export const OVERLAY_NEEDS = Object.freeze({ trails: [], velocity: ['velocity'], forces: ['forces'], contacts: ['contacts', 'forces'] });

/** One colour per force source (the legend shows them), and the velocity's. */
export const FORCE_COLORS = Object.freeze({
  gravity: '#7b1fa2',
  push: '#ef6c00',
  snap: '#00897b',
  attachment: '#3949ab',
  spring: '#c2185b',
  field: '#2e7d32',
  collision: '#d32f2f',
});
/**
 * One dash pattern per force source (points, canvas setLineDash), so that the arrows are told
 * apart by more than hue: gravity solid, the others dashed each their own way; the legend
 * draws each swatch with its pattern. Velocity is a solid, thicker arrow; trails a thin band.
 */
export const FORCE_DASHES = Object.freeze({
  gravity: [],
  push: [9, 4],
  snap: [2, 3],
  attachment: [12, 3, 2, 3],
  spring: [6, 2, 2, 2],
  field: [4, 4],
  collision: [1.5, 2.5],
});
export const VELOCITY_COLOR = '#1565c0';
export const TRAIL_COLOR = 'rgba(21, 101, 192, 0.55)';

/** A velocity arrow is the path the item covers in this many seconds at its velocity. */
export const VELOCITY_SECONDS = 0.1;
/** An instantaneous push acts for one step; its arrow stays this long (fading) to be seen. */
export const PUSH_HOLD_SECONDS = 0.4;
/** Trails show the last this many seconds of simulation time. */
export const TRAIL_SECONDS = 3;
/** Arrows are capped at this length (points) so that an impact's spike stays on screen. */
export const MAX_ARROW = 240;

/** The overlay data the switched-on overlays need (a sorted list of OVERLAY_KINDS). */
export function neededData(on) {
  const want = new Set();
  for (const name of on) for (const k of OVERLAY_NEEDS[name] || []) want.add(k);
  return [...want].sort();
}

/**
 * Overlay frames by simulation time: `at(t)` is the newest frame at or before t, so the
 * arrows belong to the moment drawn. Simulation time going back (start again, a rewind)
 * drops what lies after it.
 */
export class OverlayTimeline {
  constructor(keepSeconds = 2, maxFrames = 256) {
    this.keep = keepSeconds;
    this.max = maxFrames;
    this.frames = [];
  }

  clear() {
    this.frames = [];
  }

  push(o) {
    const f = this.frames;
    while (f.length && f[f.length - 1].time >= o.time) f.pop();
    f.push(o);
    while (f.length > this.max || (f.length > 1 && o.time - f[0].time > this.keep)) f.shift();
  }

  get newest() {
    return this.frames.length ? this.frames[this.frames.length - 1] : null;
  }

  /** The newest frame at or before `time`, within `within` seconds, with a push force on some
   * item, and its age; null when none. */
  lastPush(time, within = PUSH_HOLD_SECONDS) {
    const f = this.frames;
    for (let i = f.length - 1; i >= 0; i--) {
      if (f[i].time > time + 1e-4) continue;
      if (time - f[i].time > within) return null;
      for (const it of f[i].items.values()) if (it.forces.push) return { frame: f[i], age: time - f[i].time };
    }
    return null;
  }

  at(time) {
    const f = this.frames;
    if (!f.length) return null;
    if (time === null || time === undefined) return f[f.length - 1];
    for (let i = f.length - 1; i >= 0; i--) if (f[i].time <= time + 1e-4) return f[i];
    return null;
  }
}

/** The path of each moving item over the last TRAIL_SECONDS of simulation time. */
export class Trails {
  constructor(seconds = TRAIL_SECONDS) {
    this.seconds = seconds;
    this.paths = new Map(); // id → [{t, x, y}]
    this.lastTime = null;
  }

  clear() {
    this.paths.clear();
    this.lastTime = null;
  }

  /** Adds the drawn moment `sample` ({time, items: Map}). */
  add(sample) {
    if (!sample) return;
    const t = sample.time;
    if (this.lastTime !== null && t < this.lastTime - 1e-6) this.clear();
    this.lastTime = t;
    for (const [id, s] of sample.items) {
      if (s.hidden) continue;
      let p = this.paths.get(id);
      if (!p) this.paths.set(id, (p = []));
      const last = p[p.length - 1];
      if (!last || last.t !== t) {
        if (last && Math.hypot(last.x - s.x, last.y - s.y) < 0.25) {
          last.t = t; // not moving: no point per frame, but keep the tail's age right
          if (p.length > 1) p[p.length - 2].still = true;
        } else p.push({ t, x: s.x, y: s.y });
      }
      while (p.length && p[0].t < t - this.seconds) p.shift();
    }
    for (const id of this.paths.keys()) if (!sample.items.has(id)) this.paths.delete(id);
  }

  draw(ctx) {
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    for (const p of this.paths.values()) {
      if (p.length < 2) continue;
      const tEnd = p[p.length - 1].t;
      for (let i = 1; i < p.length; i++) {
        // Older parts fade out.
        const age = Math.min(1, (tEnd - p[i].t) / this.seconds);
        ctx.globalAlpha = 0.2 + 0.8 * (1 - age);
        ctx.beginPath();
        ctx.moveTo(p[i - 1].x, p[i - 1].y);
        ctx.lineTo(p[i].x, p[i].y);
        ctx.lineWidth = 3;
        ctx.strokeStyle = TRAIL_COLOR;
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
    }
  }
}

/** The largest nice number (1, 2 or 5 × 10ⁿ) not above x. */
export function niceBelow(x) {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  const m = x / p;
  return (m >= 5 ? 5 : m >= 2 ? 2 : 1) * p;
}

/**
 * Points per UIKit newton for force arrows: a nice number that draws the heaviest item's
 * weight about 60 points long (or the largest force, in a room without gravity).
 */
export function forceScale(overlay) {
  let weight = 0;
  let largest = 0;
  if (overlay) {
    for (const it of overlay.items.values()) {
      for (const [source, f] of Object.entries(it.forces)) {
        const m = Math.hypot(f.x, f.y);
        if (source === 'gravity') weight = Math.max(weight, m);
        largest = Math.max(largest, m);
      }
    }
  }
  const basis = weight || largest;
  return basis > 0 ? niceBelow(60 / basis) : 5;
}

/** Draws an arrow from (x, y) along (dx, dy) points, capped at MAX_ARROW. */
export function drawArrow(ctx, x, y, dx, dy, color, width = 3, dash = []) {
  let len = Math.hypot(dx, dy);
  if (!(len >= 1)) return;
  if (len > MAX_ARROW) {
    dx *= MAX_ARROW / len;
    dy *= MAX_ARROW / len;
    len = MAX_ARROW;
  }
  const ux = dx / len;
  const uy = dy / len;
  const head = Math.min(12, 4 + len * 0.3);
  const ex = x + dx;
  const ey = y + dy;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(ex - ux * head * 0.6, ey - uy * head * 0.6);
  haloStroke(ctx, width, color, { halo: width + 2, dash, haloColor: 'rgba(255,255,255,0.8)' });
  ctx.beginPath();
  ctx.moveTo(ex, ey);
  ctx.lineTo(ex - ux * head - uy * head * 0.5, ey - uy * head + ux * head * 0.5);
  ctx.lineTo(ex - ux * head + uy * head * 0.5, ey - uy * head - ux * head * 0.5);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

function label(ctx, text, x, y, color) {
  ctx.font = '600 11px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
  const w = ctx.measureText(text).width + 8;
  ctx.fillStyle = 'rgba(255,255,255,0.88)';
  ctx.fillRect(x - w / 2, y - 8, w, 16);
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + 0.5);
}

/**
 * Draws the switched-on overlays over the room drawn by render.drawRoom.
 * @param {CanvasRenderingContext2D} ctx
 * @param {object} fit viewport.fitView
 * @param {object} o `{on: Set, sample, overlay, trails, scale, springs}`: `sample` the drawn
 *   moment, `overlay` the overlay frame of that moment (or null), `scale` points per newton
 */
export function drawOverlays(ctx, fit, { on, sample, overlay, trails, scale, recentPush = null }) {
  if (!on.size || !sample) return;
  ctx.save();
  ctx.setTransform(...contextTransform(fit));
  ctx.beginPath();
  ctx.rect(0, 0, fit.bounds.w, fit.bounds.h);
  ctx.clip();
  if (on.has('trails') && trails) trails.draw(ctx);
  if (overlay) {
    const items = sample.items;
    if (on.has('forces')) {
      for (const it of overlay.items.values()) {
        const s = items.get(it.id);
        if (!s || s.hidden) continue;
        for (const source of FORCE_SOURCES) {
          const f = it.forces[source];
          if (f) drawArrow(ctx, s.x, s.y, f.x * scale, f.y * scale, FORCE_COLORS[source], 2.5, FORCE_DASHES[source]);
        }
      }
      // A push that acted a moment ago (an instantaneous push lasts one step) fades out.
      if (recentPush && recentPush.frame !== overlay) {
        ctx.globalAlpha = Math.max(0, 1 - recentPush.age / PUSH_HOLD_SECONDS);
        for (const it of recentPush.frame.items.values()) {
          const s = items.get(it.id);
          const f = it.forces.push;
          if (s && f && !(overlay.items.get(it.id) || { forces: {} }).forces.push) {
            drawArrow(ctx, s.x, s.y, f.x * scale, f.y * scale, FORCE_COLORS.push, 2.5, FORCE_DASHES.push);
          }
        }
        ctx.globalAlpha = 1;
      }
      // Attachment lines carry their tension.
      overlay.lines.forEach((l, k) => {
        const line = sample.lines[k];
        if (!line || !Number.isFinite(l.tension)) return;
        label(ctx, t('legend.tension', { value: formatNumber(l.tension) }), (line[0] + line[2]) / 2, (line[1] + line[3]) / 2, FORCE_COLORS.attachment);
      });
    }
    if (on.has('velocity')) {
      for (const it of overlay.items.values()) {
        const s = items.get(it.id);
        if (!s || s.hidden || !it.velocity) continue;
        drawArrow(ctx, s.x, s.y, it.velocity.x * VELOCITY_SECONDS, it.velocity.y * VELOCITY_SECONDS, VELOCITY_COLOR, 3.5);
      }
    }
    if (on.has('contacts')) {
      for (const c of overlay.contacts) {
        ctx.beginPath();
        ctx.arc(c.x, c.y, 5, 0, Math.PI * 2);
        ctx.fillStyle = FORCE_COLORS.collision;
        ctx.fill();
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = '#ffffff';
        ctx.stroke();
        // The normal, into the item; its length is the contact's normal force.
        const fn = c.fx * c.nx + c.fy * c.ny;
        drawArrow(ctx, c.x, c.y, c.nx * Math.max(12, fn * scale), c.ny * Math.max(12, fn * scale), FORCE_COLORS.collision, 1.5);
      }
    }
  }
  ctx.restore();
}

/** Three significant figures, without exponent noise for everyday values. */
export function formatNumber(v) {
  if (!Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  if (a >= 1000) return v.toFixed(0);
  if (a >= 100) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  if (a >= 0.01) return v.toFixed(3);
  return a === 0 ? '0' : v.toExponential(1);
}

/**
 * Fills the legend element: a swatch per force source acting in the room, the velocity
 * arrow, and the scales. Rebuilt only when its content changes.
 */
export function renderLegend(el, { on, overlay, scale }) {
  // [colour, text, swatch kind, dash pattern]
  const rows = [];
  if (on.has('velocity')) rows.push([VELOCITY_COLOR, t('legend.velocity', { seconds: formatLocal(VELOCITY_SECONDS) }), 'arrow', [], 3.5]);
  if (on.has('forces') || on.has('contacts')) {
    const acting = new Set();
    if (overlay) for (const it of overlay.items.values()) for (const s of Object.keys(it.forces)) acting.add(s);
    for (const s of FORCE_SOURCES) if (acting.has(s)) rows.push([FORCE_COLORS[s], t(`force.${s}`), 'arrow', FORCE_DASHES[s], 2.5]);
    rows.push([null, t('legend.forces', { scale: formatNumber(scale) })]);
  }
  if (on.has('contacts')) rows.push([FORCE_COLORS.collision, t('legend.contacts'), 'dot']);
  if (on.has('trails')) rows.push([TRAIL_COLOR, t('legend.trail', { seconds: formatLocal(TRAIL_SECONDS) }), 'band']);
  const key = JSON.stringify(rows);
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren(
    ...rows.map(([color, text, kind, dash, width]) => {
      const li = document.createElement('li');
      if (color) li.append(swatch(document, color, kind, dash, width));
      li.append(document.createTextNode(text));
      return li;
    }),
  );
  el.hidden = rows.length === 0;
}

const SVG = 'http://www.w3.org/2000/svg';

/** A legend swatch drawn as the stage draws it: an arrow with its dash pattern, a ring, a band. */
function swatch(doc, color, kind, dash = [], width = 2.5) {
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'swatch');
  svg.setAttribute('viewBox', '0 0 28 12');
  svg.setAttribute('width', '28');
  svg.setAttribute('height', '12');
  svg.setAttribute('aria-hidden', 'true');
  const add = (tag, attrs) => {
    const e = doc.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    svg.append(e);
  };
  if (kind === 'dot') {
    add('circle', { cx: 14, cy: 6, r: 4, fill: color, stroke: '#ffffff', 'stroke-width': 1.5 });
  } else if (kind === 'band') {
    add('line', { x1: 2, y1: 6, x2: 26, y2: 6, stroke: color, 'stroke-width': 3, 'stroke-linecap': 'round' });
  } else {
    add('line', { x1: 1, y1: 6, x2: 20, y2: 6, stroke: color, 'stroke-width': width, 'stroke-dasharray': dash.length ? dash.join(' ') : 'none' });
    add('path', { d: 'M27 6 L19 1.5 L19 10.5 Z', fill: color });
  }
  return svg;
}
