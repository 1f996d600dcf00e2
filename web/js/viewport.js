// Fitting the room's reference view (bounds in points) into the canvas, and mapping points
// both ways. The canvas's backing store is its CSS size times devicePixelRatio, so drawing
// stays sharp on high-density screens; the view is scaled to fit ("contain") and centred,
// with a small margin. Pure module.

/** Largest device-pixel ratio the page renders at (beyond this the canvas only costs). */
export const MAX_DPR = 3;

/**
 * Computes how the reference view sits in a canvas of `cssWidth` x `cssHeight` CSS pixels.
 * @param {{w: number, h: number}} bounds the room's reference bounds, points
 * @param {number} cssWidth canvas width in CSS pixels
 * @param {number} cssHeight canvas height in CSS pixels
 * @param {number} [dpr] window.devicePixelRatio
 * @param {number} [margin] CSS pixels kept free around the view
 * @returns {{scale: number, offsetX: number, offsetY: number, dpr: number, pixelWidth: number,
 *   pixelHeight: number, cssWidth: number, cssHeight: number, bounds: {w: number, h: number}}}
 *   `scale` is CSS pixels per point; `offsetX/Y` the view's top-left corner in CSS pixels.
 */
export function fitView(bounds, cssWidth, cssHeight, dpr = 1, margin = 0) {
  const bw = bounds && bounds.w > 0 ? bounds.w : 375;
  const bh = bounds && bounds.h > 0 ? bounds.h : 667;
  const cw = Math.max(1, Number.isFinite(cssWidth) ? cssWidth : 1);
  const ch = Math.max(1, Number.isFinite(cssHeight) ? cssHeight : 1);
  const d = Math.min(MAX_DPR, Math.max(1, Number.isFinite(dpr) && dpr > 0 ? dpr : 1));
  const m = Math.max(0, Math.min(margin, Math.min(cw, ch) / 4));
  const scale = Math.max(1e-3, Math.min((cw - 2 * m) / bw, (ch - 2 * m) / bh));
  return {
    scale,
    offsetX: (cw - bw * scale) / 2,
    offsetY: (ch - bh * scale) / 2,
    dpr: d,
    pixelWidth: Math.max(1, Math.round(cw * d)),
    pixelHeight: Math.max(1, Math.round(ch * d)),
    cssWidth: cw,
    cssHeight: ch,
    bounds: { w: bw, h: bh },
  };
}

/** A point of the reference view → CSS pixels relative to the canvas's top-left corner. */
export function viewToCanvas(fit, x, y) {
  return { x: fit.offsetX + x * fit.scale, y: fit.offsetY + y * fit.scale };
}

/** CSS pixels relative to the canvas's top-left corner → a point of the reference view. */
export function canvasToView(fit, cx, cy) {
  return { x: (cx - fit.offsetX) / fit.scale, y: (cy - fit.offsetY) / fit.scale };
}

/**
 * A point of the reference view → viewport CSS pixels (what `clientX/Y` and
 * `elementFromPoint` use), given the canvas's `getBoundingClientRect()`.
 */
export function toClient(fit, rect, x, y) {
  const p = viewToCanvas(fit, x, y);
  return { x: rect.left + p.x, y: rect.top + p.y };
}

/** Viewport CSS pixels (a pointer event's clientX/Y) → a point of the reference view. */
export function toView(fit, rect, clientX, clientY) {
  return canvasToView(fit, clientX - rect.left, clientY - rect.top);
}

/** True when a point of the reference view lies inside the view (with `slack` points). */
export function inBounds(fit, p, slack = 0) {
  return p.x >= -slack && p.y >= -slack && p.x <= fit.bounds.w + slack && p.y <= fit.bounds.h + slack;
}

/** The transform to give a 2D context so that drawing in view points lands in device pixels. */
export function contextTransform(fit) {
  const k = fit.scale * fit.dpr;
  return [k, 0, 0, k, fit.offsetX * fit.dpr, fit.offsetY * fit.dpr];
}
