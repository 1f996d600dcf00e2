// The room's WebSocket: opens it with the `newtons.v1` subprotocol, decodes what arrives
// (JSON messages validated, binary state frames decoded), keeps it alive with pings, and
// reconnects by itself with exponential backoff and jitter after a server restart or a
// network loss. Status: `connecting` (opening, or waiting for `welcome`), `live` (after
// `welcome`), `closed` (no socket: waiting to retry, or given up).
//
// Backoff: attempt n waits a random time between half and all of min(MAX, BASE * 2^n),
// BASE 400 ms, MAX 8 s ("equal jitter": never hammers a restarting server in step with a
// whole class, never waits long after a short blip). An `online` event or the tab becoming
// visible retries at once. A connection that saw `welcome` resets the attempts.
// A room that no longer exists (error `unknown-room`, close 4404), a class key that is forged or
// expired (4403), or a protocol error of the page's own is not retried.

import { SUBPROTOCOL, decodeFrame, parseServerMessage, isSendable } from './protocol.js';
import { FRAME_KIND_OVERLAY, decodeOverlayFrame } from './overlay-protocol.js';

export const BACKOFF = Object.freeze({ base: 400, max: 8000, factor: 2 });
export const PING_INTERVAL_MS = 10000;
/** No message at all for this long means the connection is dead (pings are answered). */
export const SILENCE_LIMIT_MS = 25000;

/** The delay before reconnect attempt `attempt` (0-based), in milliseconds. */
export function backoffDelay(attempt, { base = BACKOFF.base, max = BACKOFF.max, factor = BACKOFF.factor, random = Math.random } = {}) {
  const a = Math.max(0, Math.min(30, attempt | 0));
  const cap = Math.min(max, base * factor ** a);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/** Close codes after which reconnecting cannot help. */
export const FATAL_CLOSE_CODES = new Set([4403, 4404, 1002, 1003, 1007, 1009]);

export class Connection {
  /**
   * @param {object} o
   * @param {() => string} o.url the URL to open now (it may change: a new room becomes `room=CODE`)
   * @param {(status: string, info?: object) => void} [o.onStatus]
   * @param {(message: object) => void} [o.onMessage] each validated JSON message
   * @param {(frame: object) => void} [o.onFrame] each decoded state frame
   * @param {(overlay: object) => void} [o.onOverlay] each decoded overlay frame (only sent when asked for)
   * @param {(reason: {code: string, message: string}) => void} [o.onFatal] given up for good
   * @param {typeof WebSocket} [o.WebSocket]
   * @param {{setTimeout, clearTimeout, setInterval, clearInterval, now}} [o.timers]
   */
  constructor({ url, onStatus = () => {}, onMessage = () => {}, onFrame = () => {}, onOverlay = () => {}, onFatal = () => {}, WebSocket: WS = globalThis.WebSocket, timers = globalThis, random = Math.random }) {
    Object.assign(this, { url, onStatus, onMessage, onFrame, onOverlay, onFatal, WS, timers, random });
    this.ws = null;
    this.status = 'closed';
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.stopped = true;
    this.fatal = null;
    this.lastHeard = 0;
    this.pingId = 0;
    this.pingSent = new Map();
    this.rtt = null;
    this.nextRetryAt = null;
  }

  _now() {
    return typeof this.timers.now === 'function' ? this.timers.now() : Date.now();
  }

  _setStatus(status, info) {
    if (this.status === status && !info) return;
    this.status = status;
    this.onStatus(status, info || {});
  }

  /** Opens the connection (and keeps it open until stop()). */
  start() {
    this.stopped = false;
    this.fatal = null;
    this._open();
  }

  /** Closes for good: no more reconnects. */
  stop() {
    this.stopped = true;
    this._clearTimers();
    this._closeSocket('bye');
    this._setStatus('closed');
  }

  /** Drops the current socket and opens a new one now (a new name, a manual retry). */
  reconnect() {
    if (this.stopped) return;
    this.fatal = null;
    this.attempt = 0;
    this._closeSocket('reconnect');
    this._clearTimers();
    this._open();
  }

  /** Lets go of the current socket, if any, and closes it normally (1000) with `reason`. */
  _closeSocket(reason) {
    if (!this.ws) return;
    const ws = this.ws;
    this.ws = null;
    this._detach(ws);
    try {
      ws.close(1000, reason);
    } catch {
      /* already closing */
    }
  }

  /** Retries at once if waiting to reconnect (network back, tab visible again). */
  retrySoon() {
    if (this.stopped || this.fatal || this.ws) return;
    this._clearTimers();
    this._open();
  }

  /** Sends a message object as JSON; false when not connected (the message is dropped). */
  send(m) {
    if (!this.ws || this.ws.readyState !== 1 || !isSendable(m)) return false;
    try {
      this.ws.send(JSON.stringify(m));
      return true;
    } catch {
      return false;
    }
  }

  _clearTimers() {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    if (this.pingTimer !== null) this.timers.clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
    this.nextRetryAt = null;
  }

  _detach(ws) {
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
  }

  _open() {
    if (this.stopped) return;
    this._setStatus('connecting', { attempt: this.attempt });
    let ws;
    try {
      ws = new this.WS(this.url(), SUBPROTOCOL);
    } catch (err) {
      this._scheduleRetry();
      return;
    }
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onopen = () => {
      this.lastHeard = this._now();
      this.pingTimer = this.timers.setInterval(() => this._heartbeat(), PING_INTERVAL_MS);
    };
    ws.onmessage = (ev) => this._receive(ev.data);
    ws.onerror = () => {
      /* a close event follows; that is where reconnecting happens */
    };
    ws.onclose = (ev) => this._closed(ws, ev);
  }

  _receive(data) {
    this.lastHeard = this._now();
    if (typeof data === 'string') {
      const m = parseServerMessage(data);
      if (!m) return;
      if (m.type === 'welcome') {
        this.attempt = 0;
        this._setStatus('live', { room: m.room });
      } else if (m.type === 'pong') {
        const sent = this.pingSent.get(m.id);
        if (sent !== undefined) {
          this.rtt = this._now() - sent;
          this.pingSent.delete(m.id);
        }
      } else if (m.type === 'error' && (m.code === 'unknown-room' || m.code === 'full')) {
        if (m.code === 'unknown-room') this.fatal = m;
      }
      this.onMessage(m);
    } else {
      const kind = data instanceof ArrayBuffer && data.byteLength ? new Uint8Array(data, 0, 1)[0] : 0;
      if (kind === FRAME_KIND_OVERLAY) {
        const o = decodeOverlayFrame(data);
        if (o) this.onOverlay(o);
        return;
      }
      const f = decodeFrame(data);
      if (f) this.onFrame(f);
    }
  }

  _heartbeat() {
    if (!this.ws || this.ws.readyState !== 1) return;
    const now = this._now();
    if (now - this.lastHeard > SILENCE_LIMIT_MS) {
      // Dead connection (a laptop lid, a lost network): force a close and reconnect.
      const ws = this.ws;
      this.ws = null;
      this._detach(ws);
      try {
        ws.close(4000, 'silent');
      } catch {
        /* ignore */
      }
      this._closed(ws, { code: 4000, reason: 'silent' }, true);
      return;
    }
    const id = ++this.pingId;
    this.pingSent.set(id, now);
    if (this.pingSent.size > 8) this.pingSent.delete(this.pingSent.keys().next().value);
    this.send({ type: 'ping', id });
  }

  _closed(ws, ev, forced = false) {
    if (!forced && this.ws !== ws) return;
    this.ws = null;
    this._clearTimers();
    if (this.stopped) return;
    if (FATAL_CLOSE_CODES.has(ev.code) || this.fatal) {
      const reason = this.fatal || { code: ev.code === 4404 ? 'unknown-room' : 'closed', message: ev.reason || '' };
      this.fatal = reason;
      this._setStatus('closed', { fatal: true, reason });
      this.onFatal(reason);
      return;
    }
    this._scheduleRetry();
  }

  _scheduleRetry() {
    const delay = backoffDelay(this.attempt, { random: this.random });
    this.attempt++;
    this.nextRetryAt = this._now() + delay;
    this._setStatus('closed', { retryIn: delay, attempt: this.attempt });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.nextRetryAt = null;
      this._open();
    }, delay);
  }
}
