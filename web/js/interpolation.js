// Smooth drawing between server frames. The server sends state frames stamped with the
// room's simulation time, at most `rate` per second and none while the room rests. The page
// draws at the display's rate, so it renders the room as it was at a render time that
// trails the newest frame by a small delay, interpolating between the two frames around it.
//
// Clock model: each frame gives a sample s = arrival - simTime (local seconds). The offset
// between the two clocks is the smallest sample of the last second (the frame that met the
// least network delay). Render time is now - lag, where lag aims at offset + delay and moves
// towards it at most SLEW seconds per second (so motion never visibly speeds up or slows
// down by more than a few per cent while the estimate settles or drifts). Render time never
// goes behind the previous render time, never past the newest frame: when frames stop
// (rest, pause, a late frame) the page holds the newest state and never extrapolates.
// The delay is 1.5 frame intervals plus twice the measured arrival jitter, clamped to
// [minDelay, maxDelay] (35 ms … 250 ms).
//
// Discontinuities:
// - simulation time runs backwards (the lesson started again): the buffer restarts;
// - a jump in simulation time between two frames larger than `maxGap` (the room rested
//   while its clock ran): the older frame is re-stamped just before the newer one, so the
//   move that follows plays as one normal frame step, then the clock is re-synchronised;
// - a frame that arrives much later than the clock model expects (after a pause, a step, or
//   a rest that stopped the clock; or a network stall): the clock is re-synchronised to it;
//   render time never runs backwards, so the page holds the current state until it catches up;
//   when the frames after a stall show the old clock was right, the render clock jumps back
//   to it (skipping what the stall hid) instead of keeping the stall as a lasting delay.
// Sequence gaps (frames the server skipped for a slow reader) need nothing: interpolation
// spans them. Pure module: time is an argument.

const TAU = Math.PI * 2;
/** Rendering this much later than needed is corrected at once instead of by slewing. */
const SNAP_SECONDS = 0.1;

/** Linear interpolation. */
export function lerp(a, b, u) {
  return a + (b - a) * u;
}

/** Interpolates angles along the shorter way round. */
export function lerpAngle(a, b, u) {
  let d = b - a;
  if (d > Math.PI || d < -Math.PI) d -= TAU * Math.round(d / TAU);
  return a + d * u;
}

function byId(frame) {
  if (!frame._byId) {
    const m = new Map();
    for (const it of frame.items) m.set(it.id, it);
    frame._byId = m;
  }
  return frame._byId;
}

export class FrameBuffer {
  /**
   * @param {object} [o]
   * @param {number} [o.rate] the room's frame rate (frames per second), from `welcome`
   * @param {number} [o.minDelay] smallest interpolation delay, seconds
   * @param {number} [o.maxDelay] largest interpolation delay, seconds
   * @param {number} [o.slew] how fast the render clock may drift to its target, seconds per second
   * @param {number} [o.window] how long (seconds) a clock sample counts towards the offset
   * @param {number} [o.lateThreshold] lateness (seconds) that re-synchronises the clock
   */
  constructor({ rate = 60, minDelay = 0.035, maxDelay = 0.25, slew = 0.03, window = 1, lateThreshold = 0.25 } = {}) {
    this.minDelay = minDelay;
    this.maxDelay = maxDelay;
    this.slew = slew;
    this.window = window;
    this.lateThreshold = lateThreshold;
    this.setRate(rate);
    this.clear();
  }

  /** Sets the room's frame rate; the delay and gap thresholds follow from it. */
  setRate(rate) {
    const r = Number.isFinite(rate) && rate > 0 ? Math.min(rate, 240) : 60;
    this.rate = r;
    this.interval = 1 / r;
    /** Largest simulation-time step between two frames that is still one continuous motion. */
    this.maxGap = Math.max(0.25, 4 * this.interval);
    this.targetDelay = this._delayFor(this.jitter || 0);
  }

  /** Forgets every frame (a new welcome, a new lesson). */
  clear() {
    this.frames = [];
    this.samples = [];
    this.offset = null;
    this.jitter = 0;
    this.lag = null;
    this.lagAt = null;
    this.lastRender = -Infinity;
    this.targetDelay = this._delayFor(0);
    this.stats = { frames: 0, duplicates: 0, resets: 0, gaps: 0, resyncs: 0, skipped: 0 };
  }

  get newest() {
    return this.frames.length ? this.frames[this.frames.length - 1] : null;
  }

  get size() {
    return this.frames.length;
  }

  /** The interpolation delay the render clock aims at now (seconds). */
  get delay() {
    return this.targetDelay;
  }

  _delayFor(jitter) {
    return Math.min(this.maxDelay, Math.max(this.minDelay, 1.5 * this.interval + 2 * jitter));
  }

  _resync(sample, now) {
    this.samples = [{ at: now, s: sample }];
    this.offset = sample;
    this.jitter = 0;
    this.targetDelay = this._delayFor(0);
    this.lag = sample + this.targetDelay;
    this.lagAt = now;
    this.stats.resyncs++;
  }

  _observe(sample, now) {
    this.samples.push({ at: now, s: sample });
    while (this.samples.length > 8 && now - this.samples[0].at > this.window) this.samples.shift();
    if (this.samples.length > 512) this.samples.shift();
    let lo = Infinity;
    for (const x of this.samples) if (x.s < lo) lo = x.s;
    this.offset = lo;
    this.jitter = this.jitter * 0.95 + 0.05 * Math.max(0, sample - lo);
    this.targetDelay = this._delayFor(this.jitter);
  }

  /**
   * Adds a decoded frame `{seq, time, paused, items, lines}` that arrived at local time
   * `now` (seconds). Returns what happened: 'first', 'frame', 'duplicate', 'replaced',
   * 'reset', 'gap' or 'late'.
   */
  push(frame, now) {
    const f = { seq: frame.seq ?? null, time: frame.time, paused: !!frame.paused, items: frame.items || [], lines: frame.lines || [], arrival: now };
    const sample = now - f.time;
    const last = this.newest;
    this.stats.frames++;
    if (!last) {
      this.frames.push(f);
      this._resync(sample, now);
      this.lastRender = -Infinity;
      return 'first';
    }
    if (f.seq !== null && last.seq !== null && f.seq === last.seq && f.time === last.time) {
      this.stats.duplicates++;
      return 'duplicate';
    }
    const simGap = f.time - last.time;
    if (simGap < -1e-6) {
      // The lesson started again (or the room switched lesson): a new timeline.
      this.stats.resets++;
      this.frames = [f];
      this._resync(sample, now);
      this.lastRender = -Infinity;
      return 'reset';
    }
    if (f.seq !== null && last.seq !== null && f.seq > last.seq + 1) this.stats.skipped += f.seq - last.seq - 1;
    if (simGap <= 1e-6) {
      // Same instant (a paused frame, the frame after a scene): the newer content wins.
      this.frames[this.frames.length - 1] = f;
      return 'replaced';
    }
    if (simGap > this.maxGap) {
      // The room rested while its clock ran: hold the old state until just before the new.
      this.stats.gaps++;
      const held = { ...last, time: f.time - this.interval, _byId: last._byId };
      this.frames = [held, f];
      this._resync(sample, now);
      this.lastRender = -Infinity;
      return 'gap';
    }
    let result = 'frame';
    if (sample - this.offset > this.lateThreshold) {
      this._resync(sample, now);
      result = 'late';
    } else {
      this._observe(sample, now);
    }
    this.frames.push(f);
    this._trim();
    return result;
  }

  _trim() {
    // Keep the frame at or before the last render time (it is the left end of the next
    // interpolation) and everything after it; never more than a few seconds' worth.
    let keepFrom = 0;
    for (let i = this.frames.length - 1; i >= 0; i--) {
      if (this.frames[i].time <= this.lastRender) {
        keepFrom = i;
        break;
      }
    }
    if (keepFrom > 0) this.frames.splice(0, keepFrom);
    const cap = Math.max(32, Math.ceil(this.rate * 4));
    if (this.frames.length > cap) this.frames.splice(0, this.frames.length - cap);
  }

  /** The simulation time the page should draw at local time `now`. */
  renderTime(now) {
    if (!this.frames.length) return null;
    const target = this.offset + this.targetDelay;
    if (target < this.lag - SNAP_SECONDS) {
      // Far behind (frames caught up after a network stall): jump forward rather than crawl.
      this.lag = target;
    } else {
      const dt = Math.max(0, now - this.lagAt);
      const step = this.slew * dt;
      this.lag += Math.max(-step, Math.min(step, target - this.lag));
    }
    this.lagAt = Math.max(this.lagAt, now);
    let r = now - this.lag;
    if (r < this.lastRender) r = this.lastRender;
    const first = this.frames[0].time;
    const last = this.frames[this.frames.length - 1].time;
    if (r < first) r = first;
    if (r > last) r = last;
    return r;
  }

  /**
   * The interpolated state at local time `now`: `{time, paused, seq, items: Map(id →
   * {id, x, y, angle, alpha, hidden, atRest}), lines, settled}`, where `settled` is true
   * when render time has reached the newest frame (nothing more to animate until the next
   * frame arrives). Null before the first frame.
   */
  sample(now) {
    const r = this.renderTime(now);
    if (r === null) return null;
    this.lastRender = r;
    const frames = this.frames;
    let j = frames.length - 1;
    while (j > 0 && frames[j - 1].time >= r) j--;
    const b = frames[j];
    const a = j > 0 ? frames[j - 1] : b;
    const span = b.time - a.time;
    const u = span > 0 ? Math.min(1, Math.max(0, (r - a.time) / span)) : 1;
    const items = new Map();
    const aById = a === b ? null : byId(a);
    for (const ib of b.items) {
      const ia = aById ? aById.get(ib.id) : null;
      if (ia && u < 1) {
        items.set(ib.id, {
          id: ib.id,
          x: lerp(ia.x, ib.x, u),
          y: lerp(ia.y, ib.y, u),
          angle: lerpAngle(ia.angle, ib.angle, u),
          alpha: lerp(ia.alpha, ib.alpha, u),
          hidden: u < 0.5 ? ia.hidden : ib.hidden,
          atRest: ib.atRest,
        });
      } else {
        items.set(ib.id, { id: ib.id, x: ib.x, y: ib.y, angle: ib.angle, alpha: ib.alpha, hidden: ib.hidden, atRest: ib.atRest });
      }
    }
    let lines = b.lines;
    if (a !== b && u < 1 && a.lines.length === b.lines.length && a.lines.length) {
      lines = b.lines.map((lb, k) => {
        const la = a.lines[k];
        return [lerp(la[0], lb[0], u), lerp(la[1], lb[1], u), lerp(la[2], lb[2], u), lerp(la[3], lb[3], u)];
      });
    }
    const newest = frames[frames.length - 1];
    return { time: r, paused: b.paused, seq: b.seq, items, lines, settled: r >= newest.time };
  }
}
