// The editor's questions on the wire (docs/protocol.md, "The editor's helpers"): the `assist`
// request and its answer. The answer is validated like every server message (protocol.js):
// lists are capped, strings cut, numbers checked; a malformed one is dropped.

import { num, str, normalizeDiagnostics } from './protocol.js';

export const ASSIST_ASKS = Object.freeze(['complete', 'help', 'check', 'values']);
const MAX_ITEMS = 200;
const MAX_VALUES = 400;
const MAX_STEPS = 400;
const KEY = /^[A-Za-z_][A-Za-z0-9_.]*(\([A-Za-z0-9_:]*\))?$/;

/** `assist`: `ask` one of ASSIST_ASKS about `source`; `complete` and `help` at a 1-based line and UTF-16 column. */
export function assistRequest(ask, source, id, line = 1, column = 1) {
  if (!ASSIST_ASKS.includes(ask)) throw new RangeError(`unknown assist ${ask}`);
  const m = { type: 'assist', ask, id: String(id), source: String(source) };
  if (ask === 'complete' || ask === 'help') {
    m.line = Math.max(1, Math.round(Number(line) || 1));
    m.column = Math.max(1, Math.round(Number(column) || 1));
  }
  return m;
}

/** A help key as the server sends it (`UISnapBehavior.damping`, `UIView.addSubview(_:)`), or null. */
export function helpKey(v) {
  return typeof v === 'string' && v.length <= 200 && KEY.test(v) ? v : null;
}

function position(v) {
  return Math.round(num(v, 1, 1, 1e7));
}

function list(raw, max, each) {
  if (!Array.isArray(raw)) return [];
  const out = [];
  for (const entry of raw.slice(0, max)) {
    const kept = entry && typeof entry === 'object' ? each(entry) : null;
    if (kept) out.push(kept);
  }
  return out;
}

function completionItem(i) {
  const label = str(i.label, 200);
  const insert = str(i.insert, 100);
  if (!label || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(insert)) return null;
  const item = { label, insert, kind: str(i.kind, 20) || 'name', detail: str(i.detail, 100) || null, key: helpKey(i.key) };
  if (Array.isArray(i.args)) item.args = i.args.slice(0, 20).map((a) => (typeof a === 'string' ? str(a, 64) : null));
  if (Array.isArray(i.names)) item.names = i.names.slice(0, 20).map((n) => str(n, 64));
  return item;
}

/** The `assist` answer, validated; null when it is not one. */
export function validateAssistMessage(m) {
  const ask = ASSIST_ASKS.includes(m.ask) ? m.ask : null;
  if (!ask || (typeof m.id !== 'string' && typeof m.id !== 'number')) return null;
  const out = { type: 'assist', ask, id: String(m.id) };
  if (ask === 'complete') {
    out.items = list(m.items, MAX_ITEMS, completionItem);
    out.line = position(m.line);
    out.column = position(m.column);
  } else if (ask === 'help') {
    out.key = helpKey(m.key);
    out.label = str(m.label, 200);
    out.detail = str(m.detail, 100) || null;
    out.line = position(m.line);
    out.column = position(m.column);
    out.endColumn = position(m.endColumn);
  } else if (ask === 'check') {
    out.diagnostics = normalizeDiagnostics(m.diagnostics);
  } else {
    out.values = list(m.values, MAX_VALUES, (v) => {
      const line = Math.round(num(v.line, 0, 0, 1e7));
      return line >= 1 ? { line, text: str(v.text, 200), count: Math.round(num(v.count, 1, 1, 1e9)) } : null;
    });
    out.steps = list(m.steps, MAX_STEPS, (s) => {
      const line = Math.round(num(s.line, 0, 0, 1e7));
      if (line < 1) return null;
      const items = Array.isArray(s.items) ? s.items.slice(0, 4096).filter((i) => Number.isInteger(i) && i >= 0) : [];
      return { line, items };
    });
    out.diagnostics = normalizeDiagnostics(m.diagnostics || []);
  }
  return out;
}

/**
 * Asks the server and resolves with the answer of the same id (null when none comes in time,
 * as when it was refused: an `error` carries no id). A newer question of the same kind makes
 * an older one's answer moot: it resolves null.
 */
export class AssistClient {
  constructor(send, { timeoutMs = 3000 } = {}) {
    this.send = send;
    this.timeoutMs = timeoutMs;
    this.nextId = 1;
    this.pending = new Map();
    this.latest = new Map();
  }

  ask(ask, source, line, column) {
    const id = `a${this.nextId++}`;
    const previous = this.latest.get(ask);
    if (previous) this.settle(previous, null);
    this.latest.set(ask, id);
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(id, null), this.timeoutMs);
      this.pending.set(id, { resolve, timer });
      if (!this.send(assistRequest(ask, source, id, line, column))) this.settle(id, null);
    });
  }

  /** An answer from the server (validated). */
  onMessage(m) {
    if (m.type === 'assist') this.settle(m.id, m);
  }

  settle(id, answer) {
    const entry = this.pending.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.pending.delete(id);
    entry.resolve(answer);
  }
}
