// Draws one moment of a room on the canvas: the reference view as a phone-like screen,
// boundaries, attachment and spring lines, items (sprites, or shapes with colour, corners,
// text and alpha), then touch ripples and event labels. It only reads what it is given.

import { contextTransform } from './viewport.js';
import { drawSprite } from './sprites.js';

export const LABEL_SECONDS = 2.2;
export const RIPPLE_SECONDS = 0.45;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Relative luminance of a #rrggbb colour (0 black … 1 white). */
export function luminance(hex) {
  const n = parseInt(hex.slice(1), 16);
  if (!Number.isFinite(n)) return 0.5;
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/** Black or white, whichever reads better on `hex`. */
export function textColorOn(hex) {
  return luminance(hex) > 0.4 ? '#111111' : '#ffffff';
}

function roundedRect(ctx, x, y, w, h, r) {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  if (rr <= 0) {
    ctx.rect(x, y, w, h);
    return;
  }
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

/** Draws one item at its state (`x, y, angle, alpha`), centred and rotated. */
export function drawItem(ctx, item, st) {
  const alpha = st.alpha;
  if (st.hidden || alpha <= 0.004 || item.w <= 0 || item.h <= 0) return;
  ctx.save();
  ctx.translate(st.x, st.y);
  if (st.angle) ctx.rotate(st.angle);
  ctx.globalAlpha = Math.min(1, Math.max(0, alpha));
  const w = item.w;
  const h = item.h;
  const drewSprite = Boolean(item.sprite) && drawSprite(ctx, item.sprite, w, h);
  if (!drewSprite && item.fill !== false) {
    ctx.fillStyle = item.color;
    if (item.shape === 'ellipse') {
      ctx.beginPath();
      ctx.ellipse(0, 0, w / 2, h / 2, 0, 0, Math.PI * 2);
    } else if (item.shape === 'path' && item.path && item.path.length > 1) {
      ctx.beginPath();
      ctx.moveTo(item.path[0][0], item.path[0][1]);
      for (let i = 1; i < item.path.length; i++) ctx.lineTo(item.path[i][0], item.path[i][1]);
      ctx.closePath();
    } else {
      roundedRect(ctx, -w / 2, -h / 2, w, h, item.cornerRadius);
    }
    ctx.fill();
  }
  if (item.text) {
    drawItemText(ctx, item.text, w, h, item.sprite || item.fill === false ? '#111111' : textColorOn(item.color));
  }
  ctx.restore();
}

function drawItemText(ctx, text, w, h, color) {
  const lines = text.split('\n').slice(0, 6);
  const longest = Math.max(...lines.map((l) => l.length), 1);
  let size = Math.min(20, (h * 0.7) / lines.length, (w * 0.9) / (longest * 0.56));
  size = Math.max(6, size);
  ctx.font = `600 ${size}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = color;
  const lh = size * 1.2;
  const top = -((lines.length - 1) * lh) / 2;
  lines.forEach((l, i) => ctx.fillText(l, 0, top + i * lh, w * 0.95));
}

function drawBoundaries(ctx, boundaries) {
  for (const b of boundaries) {
    if (b.id === null) continue; // the reference bounds: the screen's own edge
    ctx.beginPath();
    ctx.moveTo(b.points[0][0], b.points[0][1]);
    for (let i = 1; i < b.points.length; i++) ctx.lineTo(b.points[i][0], b.points[i][1]);
    if (b.closed) ctx.closePath();
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#455a64';
    ctx.setLineDash([]);
    ctx.stroke();
    if (b.id) {
      const [x, y] = b.points[0];
      ctx.font = `500 11px ${FONT}`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'bottom';
      ctx.fillStyle = '#546e7a';
      ctx.fillText(b.id, x + 6, y - 4);
    }
  }
}

/** Traces a coil spring from (x1, y1) to (x2, y2): straight leads, then a zigzag. */
export function traceCoil(ctx, x1, y1, x2, y2, amplitude = 7) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy);
  ctx.moveTo(x1, y1);
  if (len < 24) {
    ctx.lineTo(x2, y2);
    return;
  }
  const ux = dx / len;
  const uy = dy / len;
  const lead = Math.min(12, len * 0.15);
  const body = len - 2 * lead;
  const turns = Math.max(4, Math.min(24, Math.round(body / 9)));
  ctx.lineTo(x1 + ux * lead, y1 + uy * lead);
  for (let k = 1; k <= 2 * turns - 1; k++) {
    const t = lead + (body * k) / (2 * turns);
    const side = k % 2 ? amplitude : -amplitude;
    ctx.lineTo(x1 + ux * t - uy * side, y1 + uy * t + ux * side);
  }
  ctx.lineTo(x2 - ux * lead, y2 - uy * lead);
  ctx.lineTo(x2, y2);
}

function drawSprings(ctx, lines) {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [x1, y1, x2, y2] of lines) {
    ctx.beginPath();
    traceCoil(ctx, x1, y1, x2, y2);
    haloStroke(ctx, 2.25, '#3949ab');
  }
}

/**
 * Strokes the current path twice: a white halo `halo` wide (so it shows on any background),
 * then `color` `width` wide with the dash pattern `dash`.
 */
export function haloStroke(ctx, width, color, { halo = width * 2, dash = [], haloColor = 'rgba(255,255,255,0.85)' } = {}) {
  ctx.lineWidth = halo;
  ctx.strokeStyle = haloColor;
  ctx.stroke();
  ctx.lineWidth = width;
  ctx.strokeStyle = color;
  ctx.setLineDash(dash);
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawLineBodies(ctx, lines, springs) {
  if (springs) {
    drawSprings(ctx, lines);
    return;
  }
  ctx.lineCap = 'round';
  for (const [x1, y1, x2, y2] of lines) {
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    haloStroke(ctx, 2.25, '#3949ab', { dash: [7, 4] });
  }
}

function drawLineEnds(ctx, lines) {
  for (const [x1, y1, x2, y2] of lines) {
    for (const [x, y] of [[x1, y1], [x2, y2]]) {
      ctx.beginPath();
      ctx.arc(x, y, 4, 0, Math.PI * 2);
      ctx.fillStyle = '#3949ab';
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = '#ffffff';
      ctx.stroke();
    }
  }
}

function drawGrid(ctx, w, h) {
  ctx.beginPath();
  for (let x = 50; x < w; x += 50) {
    ctx.moveTo(x, 0);
    ctx.lineTo(x, h);
  }
  for (let y = 50; y < h; y += 50) {
    ctx.moveTo(0, y);
    ctx.lineTo(w, y);
  }
  ctx.lineWidth = 0.5;
  ctx.strokeStyle = 'rgba(60, 80, 110, 0.09)';
  ctx.stroke();
}

function drawRipples(ctx, ripples, now) {
  for (const r of ripples) {
    const age = (now - r.born) / RIPPLE_SECONDS;
    if (age < 0 || age >= 1) continue;
    ctx.beginPath();
    ctx.arc(r.x, r.y, 8 + 26 * age, 0, Math.PI * 2);
    ctx.lineWidth = 2.5 * (1 - age) + 0.5;
    ctx.strokeStyle = `rgba(33, 150, 243, ${0.7 * (1 - age)})`;
    ctx.stroke();
  }
}

function drawLabels(ctx, labels, positions, now, bounds, still = false) {
  for (const l of labels) {
    const age = (now - l.born) / LABEL_SECONDS;
    if (age < 0 || age >= 1) continue;
    let x = l.x;
    let y = l.y;
    const p = l.item !== null && l.item !== undefined ? positions.get(l.item) : null;
    if (p) {
      x = p.x;
      y = p.y - (p.h || 60) / 2 - 14;
    }
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      x = bounds.w / 2;
      y = 40;
    }
    if (!still) y -= 10 * age; // the drift is decoration: none with reduced motion
    const size = 14;
    ctx.font = `600 ${size}px ${FONT}`;
    const tw = ctx.measureText(l.text).width;
    const pw = tw + 18;
    const ph = size + 12;
    x = Math.min(bounds.w - pw / 2 - 4, Math.max(pw / 2 + 4, x));
    y = Math.min(bounds.h - ph / 2 - 4, Math.max(ph / 2 + 4, y));
    ctx.globalAlpha = age < 0.75 ? 1 : (1 - age) / 0.25;
    roundedRect(ctx, x - pw / 2, y - ph / 2, pw, ph, ph / 2);
    ctx.fillStyle = 'rgba(17, 24, 39, 0.86)';
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(l.text, x, y + 0.5);
    ctx.globalAlpha = 1;
  }
}

/**
 * Draws the room.
 * @param {CanvasRenderingContext2D} ctx
 * @param {object} fit from viewport.fitView
 * @param {object} scene `{items, boundaries}`: descriptors in drawing order
 * @param {object|null} state from FrameBuffer.sample (positions by id, lines)
 * @param {object} [extra] `{labels, ripples, now, springs}`; now in seconds (labels' clock);
 *   `springs` draws the lines as coil springs (a lesson whose attachment has a frequency)
 */
export function drawRoom(ctx, fit, scene, state, extra = {}) {
  // `only`: the ids of the items to draw (stepping slowly through the code); null draws all.
  const { labels = [], ripples = [], now = 0, grid = true, springs = false, reducedMotion = false, cursor = null, only = null } = extra;
  const { w, h } = fit.bounds;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, fit.pixelWidth, fit.pixelHeight);
  ctx.setTransform(...contextTransform(fit));
  const corner = Math.min(18, w * 0.05);
  // The screen.
  ctx.save();
  roundedRect(ctx, 0, 0, w, h, corner);
  ctx.fillStyle = '#fbfbf8';
  ctx.fill();
  ctx.clip();
  if (grid) drawGrid(ctx, w, h);
  drawBoundaries(ctx, scene.boundaries || []);
  const lines = state ? state.lines : scene.lines || [];
  drawLineBodies(ctx, lines, springs);
  const positions = new Map();
  const live = state ? state.items : null;
  for (const item of scene.items) {
    if (only && !only.has(item.id)) continue;
    const s = live && live.get(item.id);
    const st = s ? s : item;
    positions.set(item.id, { x: st.x, y: st.y, h: item.h });
    drawItem(ctx, item, { x: st.x, y: st.y, angle: st.angle, alpha: st.alpha, hidden: s ? s.hidden : item.hidden });
  }
  drawLineEnds(ctx, lines);
  // Ripples are decoration: prefers-reduced-motion draws none (the physics moves as ever).
  if (!reducedMotion) drawRipples(ctx, ripples, now);
  drawLabels(ctx, labels, positions, now, fit.bounds, reducedMotion);
  ctx.restore();
  if (cursor) drawCursor(ctx, cursor, fit.scale);
  // The screen's edge.
  roundedRect(ctx, 0, 0, w, h, corner);
  ctx.lineWidth = 1 / fit.scale;
  ctx.strokeStyle = 'rgba(15, 23, 42, 0.25)';
  ctx.stroke();
}

/**
 * The keyboard cursor (view points): a ring with a cross, dark inside a white halo so that it
 * shows on any background; filled while it holds a grab.
 */
export function drawCursor(ctx, cursor, scale = 1) {
  const r = Math.max(9, 12 / Math.max(scale, 0.25));
  const px = 1 / Math.max(scale, 0.25);
  ctx.save();
  ctx.beginPath();
  ctx.arc(cursor.x, cursor.y, r, 0, Math.PI * 2);
  if (cursor.grabbing) {
    ctx.fillStyle = 'rgba(10, 108, 255, 0.3)';
    ctx.fill();
  }
  ctx.beginPath();
  ctx.arc(cursor.x, cursor.y, r, 0, Math.PI * 2);
  ctx.moveTo(cursor.x - r * 1.6, cursor.y);
  ctx.lineTo(cursor.x - r * 0.45, cursor.y);
  ctx.moveTo(cursor.x + r * 0.45, cursor.y);
  ctx.lineTo(cursor.x + r * 1.6, cursor.y);
  ctx.moveTo(cursor.x, cursor.y - r * 1.6);
  ctx.lineTo(cursor.x, cursor.y - r * 0.45);
  ctx.moveTo(cursor.x, cursor.y + r * 0.45);
  ctx.lineTo(cursor.x, cursor.y + r * 1.6);
  haloStroke(ctx, 2.5 * px, '#0b3d91', { halo: 5 * px, haloColor: '#ffffff' });
  ctx.restore();
}

/** True while labels or ripples still animate at `now`. */
export function overlaysAnimating(labels, ripples, now) {
  return labels.some((l) => now - l.born < LABEL_SECONDS) || ripples.some((r) => now - r.born < RIPPLE_SECONDS);
}
