// The optional overlay data on the wire (docs/protocol.md, "Overlay data"): the `overlay`
// request, and the binary overlay frames (kind 2) the server sends only to clients that
// asked. Decoding validates like protocol.js: a truncated or non-finite frame is dropped.

export const FRAME_KIND_OVERLAY = 2;
export const OVERLAY_HEADER_BYTES = 16;
export const OVERLAY_CONTACT_BYTES = 28;
export const OVERLAY_LINE_BYTES = 8;

/** What a client may ask for, in the frame's bit order. */
export const OVERLAY_KINDS = Object.freeze(['velocity', 'forces', 'contacts']);
/** The force sources, in bit order (bit n of an item's force mask). */
export const FORCE_SOURCES = Object.freeze(['gravity', 'push', 'snap', 'attachment', 'spring', 'field', 'collision']);
/** The most overlay frames a second a client may ask for (the room's rate). */
export const MAX_OVERLAY_RATE = 60;

/** The `overlay` request: `want` a subset of OVERLAY_KINDS (empty stops), at most `rate` a second. */
export function overlayRequest(want, rate = MAX_OVERLAY_RATE) {
  const kinds = OVERLAY_KINDS.filter((k) => want.includes(k));
  const r = Math.round(Math.min(MAX_OVERLAY_RATE, Math.max(1, Number(rate) || MAX_OVERLAY_RATE)));
  return kinds.length ? { type: 'overlay', want: kinds, rate: r } : { type: 'overlay', want: [] };
}

const finite = (...v) => v.every(Number.isFinite);

/**
 * Decodes an overlay frame: `{seq, time, kinds: Set, items: Map(id → {id, behaviors: [names],
 * velocity?: {x, y}, angularVelocity?, mass?, forces: {source: {x, y}}}), contacts: [{item,
 * other, x, y, nx, ny, fx, fy}], lines: [{tension, springEnergy}]}`, or null.
 */
export function decodeOverlayFrame(data) {
  let v;
  if (data instanceof ArrayBuffer) v = new DataView(data);
  else if (ArrayBuffer.isView(data)) v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  else return null;
  if (v.byteLength < OVERLAY_HEADER_BYTES || v.getUint8(0) !== FRAME_KIND_OVERLAY) return null;
  const flags = v.getUint8(1);
  const kinds = new Set(OVERLAY_KINDS.filter((_, i) => flags & (1 << i)));
  const itemCount = v.getUint16(2, true);
  const contactCount = v.getUint16(4, true);
  const lineCount = v.getUint16(6, true);
  const seq = v.getUint32(8, true);
  const time = v.getFloat32(12, true);
  if (!Number.isFinite(time)) return null;
  const items = new Map();
  let o = OVERLAY_HEADER_BYTES;
  for (let i = 0; i < itemCount; i++) {
    if (o + 4 > v.byteLength) return null;
    const id = v.getUint16(o, true);
    const behaviorBits = v.getUint8(o + 2);
    const mask = v.getUint8(o + 3);
    o += 4;
    const item = { id, behaviors: FORCE_SOURCES.filter((_, b) => behaviorBits & (1 << b)), forces: {} };
    if (behaviorBits & 0x80) item.behaviors.push('item');
    if (kinds.has('velocity')) {
      if (o + 16 > v.byteLength) return null;
      const vx = v.getFloat32(o, true), vy = v.getFloat32(o + 4, true);
      const w = v.getFloat32(o + 8, true), m = v.getFloat32(o + 12, true);
      if (!finite(vx, vy, w, m)) return null;
      item.velocity = { x: vx, y: vy };
      item.angularVelocity = w;
      item.mass = m;
      o += 16;
    }
    for (let b = 0; b < FORCE_SOURCES.length; b++) {
      if (!(mask & (1 << b))) continue;
      if (o + 8 > v.byteLength) return null;
      const fx = v.getFloat32(o, true), fy = v.getFloat32(o + 4, true);
      if (!finite(fx, fy)) return null;
      item.forces[FORCE_SOURCES[b]] = { x: fx, y: fy };
      o += 8;
    }
    items.set(id, item);
  }
  if (v.byteLength < o + contactCount * OVERLAY_CONTACT_BYTES + lineCount * OVERLAY_LINE_BYTES) return null;
  const contacts = [];
  for (let i = 0; i < contactCount; i++, o += OVERLAY_CONTACT_BYTES) {
    const f = [0, 1, 2, 3, 4, 5].map((k) => v.getFloat32(o + 4 + 4 * k, true));
    if (!finite(...f)) return null;
    const other = v.getUint16(o + 2, true);
    contacts.push({ item: v.getUint16(o, true), other: other || null, x: f[0], y: f[1], nx: f[2], ny: f[3], fx: f[4], fy: f[5] });
  }
  const lines = [];
  for (let i = 0; i < lineCount; i++, o += OVERLAY_LINE_BYTES) {
    const tension = v.getFloat32(o, true), springEnergy = v.getFloat32(o + 4, true);
    if (!finite(tension, springEnergy)) return null;
    lines.push({ tension, springEnergy });
  }
  return { seq, time, kinds, items, contacts, lines };
}

/** Encodes an overlay frame (the inverse of decodeOverlayFrame), for tests and the mock server. */
export function encodeOverlayFrame({ seq = 0, time = 0, kinds = OVERLAY_KINDS, items = [], contacts = [], lines = [] }) {
  const want = new Set(kinds);
  const withItems = want.has('velocity') || want.has('forces');
  const list = withItems ? items : [];
  const bytes = [];
  const u8 = (x) => bytes.push(x & 255);
  const u16 = (x) => {
    u8(x);
    u8(x >> 8);
  };
  const f32 = (x) => {
    const b = new DataView(new ArrayBuffer(4));
    b.setFloat32(0, x, true);
    for (let k = 0; k < 4; k++) u8(b.getUint8(k));
  };
  u8(FRAME_KIND_OVERLAY);
  u8(OVERLAY_KINDS.reduce((m, k, i) => (want.has(k) ? m | (1 << i) : m), 0));
  u16(list.length);
  u16(want.has('contacts') ? contacts.length : 0);
  u16(want.has('forces') ? lines.length : 0);
  const s = new DataView(new ArrayBuffer(4));
  s.setUint32(0, seq >>> 0, true);
  for (let k = 0; k < 4; k++) u8(s.getUint8(k));
  f32(time);
  for (const it of list) {
    u16(it.id);
    const behaviors = it.behaviors || [];
    u8(FORCE_SOURCES.reduce((m, b, i) => (behaviors.includes(b) ? m | (1 << i) : m), behaviors.includes('item') ? 0x80 : 0));
    const forces = want.has('forces') ? it.forces || {} : {};
    u8(FORCE_SOURCES.reduce((m, b, i) => (forces[b] ? m | (1 << i) : m), 0));
    if (want.has('velocity')) {
      f32(it.velocity?.x ?? 0);
      f32(it.velocity?.y ?? 0);
      f32(it.angularVelocity ?? 0);
      f32(it.mass ?? 0);
    }
    for (const b of FORCE_SOURCES) {
      if (!forces[b]) continue;
      f32(forces[b].x);
      f32(forces[b].y);
    }
  }
  if (want.has('contacts')) {
    for (const c of contacts) {
      u16(c.item);
      u16(c.other || 0);
      for (const k of ['x', 'y', 'nx', 'ny', 'fx', 'fy']) f32(c[k]);
    }
  }
  if (want.has('forces')) {
    for (const l of lines) {
      f32(l.tension);
      f32(l.springEnergy);
    }
  }
  return new Uint8Array(bytes).buffer;
}

/** The overlays an instructor may show to the whole class. */
export const SHARED_OVERLAYS = Object.freeze(['trails', 'velocity', 'forces', 'contacts']);

/** Validates an `overlays` message: `{type, overlays: [names]}` (unknown names dropped). */
export function validateOverlaysMessage(m) {
  const list = Array.isArray(m.overlays) ? m.overlays : [];
  return { type: 'overlays', overlays: SHARED_OVERLAYS.filter((n) => list.includes(n)) };
}
