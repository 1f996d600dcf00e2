// The timeline under the stage: how far the room's recording reaches, the moment shown, live
// or not, and the speed; for the instructor, the time controls (docs/replay.md); for everyone,
// the recording to download and a recording to open. The pure half (the model, formatting,
// speeds) is tested with node --test; the DOM half only wires it.

import { msg } from './protocol.js';
import { t, formatNumber, translate, onLanguageChange } from './i18n.js';

/** The speeds the slower/faster buttons go through. */
export const SPEEDS = Object.freeze([0.1, 0.25, 0.5, 1]);
/** How far "Replay" goes back, in seconds. */
export const REPLAY_SECONDS = 10;

/** `m:ss.t` for a number of seconds (h:mm:ss past an hour). */
export function formatTime(seconds) {
  const s = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  const tenths = Math.floor(s * 10) % 10;
  const whole = Math.floor(s);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}.${tenths}`;
}

/** `0.25×`, `1×`. */
export function formatSpeed(speed) {
  return `${formatNumber(Number(speed.toFixed(2)))}×`;
}

/** The next slower (direction -1) or faster (+1) speed, staying within SPEEDS. */
export function nextSpeed(speed, direction) {
  if (direction < 0) return [...SPEEDS].reverse().find((s) => s < speed - 1e-9) ?? SPEEDS[0];
  return SPEEDS.find((s) => s > speed + 1e-9) ?? SPEEDS[SPEEDS.length - 1];
}

/**
 * What the timeline shows, from the room's last `timeline` and its newest frame (whose `time`
 * is the shown lesson's own clock, placed on the timeline at `start`). Null without a timeline.
 */
export function timelineModel(timeline, frame) {
  if (!timeline) return null;
  const at = frame ? timeline.start + frame.time : timeline.at;
  const live = frame ? !frame.past && timeline.live : timeline.live;
  const to = live ? Math.max(timeline.to, at) : timeline.to;
  const from = Math.min(timeline.from, to);
  const clamped = Math.min(to, Math.max(from, at));
  const span = to - from;
  return {
    from,
    to,
    at: clamped,
    live,
    playing: frame ? !frame.paused : false,
    speed: timeline.speed,
    recording: timeline.recording,
    // The moment a seek is still on its way to (a heavy scene's), else null.
    seeking: typeof timeline.seeking === 'number' ? timeline.seeking : null,
    fraction: span > 0 ? (clamped - from) / span : 1,
    replayFrom: Math.max(from, to - REPLAY_SECONDS),
  };
}

/** The moment a position of the scrubber (0…1) stands for, in seconds. */
export function timeAt(model, fraction) {
  const f = Math.min(1, Math.max(0, fraction));
  return model.from + f * (model.to - model.from);
}

/** One line a screen reader and a test can read: "Live · 1:05.3 · 0.5×" or "Past · paused …". */
export function describe(model) {
  if (!model) return '';
  const where = model.live ? t('timeline.live') : t('timeline.replay');
  const state = model.seeking !== null ? t('timeline.stateSeeking', { time: formatTime(model.seeking) }) : model.playing ? t('timeline.statePlaying') : t('timeline.statePaused');
  return t('timeline.describe', { where, state, at: formatTime(model.at), from: formatTime(model.from), to: formatTime(model.to), speed: formatSpeed(model.speed) });
}

const SCRUB_STEPS = 1000;

/**
 * The timeline's DOM. `send(message)` sends a control; `session` keeps an opened recording's
 * key; `navigate(url)` opens a room.
 */
export class Timeline {
  constructor(root, { send, rememberKey, navigate, fetch: doFetch = globalThis.fetch?.bind(globalThis) }) {
    Object.assign(this, { root, send, rememberKey, navigate, fetch: doFetch });
    this.timeline = null;
    this.frame = null;
    this.canControl = false;
    this.room = '';
    this.dragging = false;
    this.build();
  }

  build() {
    const r = this.root;
    // The strings come from the catalogs (data-i18n: a switch of language redoes them).
    r.innerHTML = `
      <div class="tl-row">
        <span class="tl-badge" data-tl-badge></span>
        <input class="tl-scrub" type="range" min="0" max="${SCRUB_STEPS}" value="${SCRUB_STEPS}" data-tl-scrub data-i18n-attr="aria-label:timeline.moment">
        <span class="tl-time" data-tl-time></span>
        <span class="tl-speed" data-tl-speed data-i18n-attr="title:timeline.speed">1×</span>
      </div>
      <div class="tl-controls" role="group" data-i18n-attr="aria-label:timeline.controls" data-tl-controls hidden>
        <button type="button" class="btn" data-tl="replay"></button>
        <button type="button" class="btn" data-tl="back" data-i18n-attr="title:timeline.back;aria-label:timeline.back">◀︎|</button>
        <button type="button" class="btn" data-tl="play">▶︎</button>
        <button type="button" class="btn" data-tl="forward" data-i18n-attr="title:timeline.forward;aria-label:timeline.forward">|▶︎</button>
        <button type="button" class="btn" data-tl="slower" data-i18n="timeline.slower"></button>
        <button type="button" class="btn" data-tl="faster" data-i18n="timeline.faster"></button>
        <button type="button" class="btn" data-tl="resume" data-i18n="timeline.resume" data-i18n-attr="title:timeline.resumeTitle"></button>
        <button type="button" class="btn btn-primary" data-tl="live" data-i18n="timeline.live"></button>
      </div>
      <div class="tl-files">
        <a class="link-button" data-tl-download download data-i18n="timeline.download"></a>
        <a class="link-button" data-tl-csv download data-i18n="timeline.csv"></a>
        <button type="button" class="link-button tl-open" data-tl-open-button data-i18n="timeline.openRecording"></button><input type="file" data-tl-open accept=".newtons,application/x-newtons-recording" hidden>
        <span class="tl-note" data-tl-note role="status" aria-live="polite"></span>
      </div>`;
    translate(r);
    // The file links belong to the room, not the moment: beside the room's code in the side
    // panel when the page has the slot, so the stage column keeps its height for the stage.
    const files = r.querySelector('.tl-files');
    const slot = r.ownerDocument?.querySelector?.('[data-recording-files]');
    const $ = (sel) => r.querySelector(sel) ?? files.querySelector(sel);
    if (slot) slot.replaceChildren(files);
    this.el = {
      replay: $('[data-tl="replay"]'),
      badge: $('[data-tl-badge]'),
      scrub: $('[data-tl-scrub]'),
      time: $('[data-tl-time]'),
      speed: $('[data-tl-speed]'),
      controls: $('[data-tl-controls]'),
      play: $('[data-tl="play"]'),
      resume: $('[data-tl="resume"]'),
      live: $('[data-tl="live"]'),
      download: $('[data-tl-download]'),
      csv: $('[data-tl-csv]'),
      open: $('[data-tl-open]'),
      note: $('[data-tl-note]'),
    };
    const control = (action, extra) => this.send(msg.control(action, extra));
    const on = (name, f) => $(`[data-tl="${name}"]`).addEventListener('click', f);
    on('replay', () => {
      const model = this.model();
      if (!model) return;
      control('seek', { time: model.replayFrom });
      control('play');
    });
    on('back', () => control('step', { ticks: -1 }));
    on('forward', () => control('step', { ticks: 1 }));
    on('play', () => {
      const model = this.model();
      if (!model) return;
      if (model.playing) control('pause');
      else control(model.live ? 'resume' : 'play');
    });
    on('slower', () => control('speed', { value: nextSpeed(this.timeline?.speed ?? 1, -1) }));
    on('faster', () => control('speed', { value: nextSpeed(this.timeline?.speed ?? 1, +1) }));
    on('resume', () => control('resume'));
    on('live', () => control('live'));
    const scrub = this.el.scrub;
    scrub.addEventListener('input', () => {
      this.dragging = true;
      const model = this.model();
      if (model) this.el.time.textContent = `${formatTime(timeAt(model, scrub.value / SCRUB_STEPS))} / ${formatTime(model.to)}`;
    });
    scrub.addEventListener('change', () => {
      this.dragging = false;
      const model = this.model();
      if (model && this.canControl) control('seek', { time: timeAt(model, scrub.value / SCRUB_STEPS) });
    });
    this.el.open.addEventListener('change', () => this.openRecording(this.el.open.files?.[0]));
    // A button (reachable with Tab, pressed with Enter or Space) opens the file chooser.
    $('[data-tl-open-button]').addEventListener('click', () => this.el.open.click());
    this.relabel();
    onLanguageChange(() => {
      this.relabel();
      this.render();
    });
  }

  /** The strings with numbers in them (the markup's own are data-i18n). */
  relabel() {
    this.el.replay.textContent = t('timeline.replayButton', { seconds: formatNumber(REPLAY_SECONDS) });
    this.el.replay.title = t('timeline.replayTitle', { seconds: formatNumber(REPLAY_SECONDS) });
    if (!this.timeline) {
      this.el.badge.textContent = t('timeline.live');
      this.el.play.setAttribute('aria-label', t('timeline.play'));
    }
  }

  /** Takes the room's state after a `welcome` or a `room` message. */
  update(state) {
    this.timeline = state.timeline;
    this.room = state.code || state.room || '';
    this.canControl = state.role === 'instructor' && !!state.code;
    this.root.hidden = !this.timeline;
    this.render();
  }

  onFrame(frame) {
    this.frame = frame;
    if (this.timeline) this.render();
  }

  model() {
    return timelineModel(this.timeline, this.frame);
  }

  render() {
    const model = this.model();
    if (!model) return;
    const el = this.el;
    this.root.dataset.live = String(model.live);
    this.root.dataset.playing = String(model.playing);
    el.badge.textContent = model.live ? t('timeline.live') : model.seeking !== null ? t('timeline.seeking') : t('timeline.replay');
    el.badge.title = describe(model);
    if (!this.dragging) el.scrub.value = String(Math.round(model.fraction * SCRUB_STEPS));
    el.scrub.disabled = !this.canControl;
    el.scrub.setAttribute('aria-valuetext', describe(model));
    el.time.textContent = `${formatTime(model.at)} / ${formatTime(model.to)}`;
    el.time.title = model.recording ? t('timeline.reaches', { time: formatTime(model.from) }) : t('timeline.notRecording');
    el.speed.textContent = formatSpeed(model.speed);
    el.controls.hidden = !this.canControl;
    el.play.textContent = model.playing ? '❚❚' : '▶︎';
    el.play.setAttribute('aria-label', model.playing ? t('timeline.pause') : t('timeline.play'));
    el.resume.hidden = model.live;
    el.live.disabled = model.live && model.playing;
    const room = encodeURIComponent(this.room);
    el.download.href = `/api/rooms/${room}/recording`;
    el.download.setAttribute('download', `${this.room || 'room'}.newtons`);
    el.csv.href = `/api/rooms/${room}/items.csv?every=6`;
    el.csv.setAttribute('download', `${this.room || 'room'}-items.csv`);
  }

  /** Uploads a recording file; the server opens it as a new room, which this page then joins. */
  async openRecording(file) {
    if (!file || !this.fetch) return;
    this.el.note.textContent = t('timeline.opening');
    try {
      const answer = await this.fetch('/api/recordings', { method: 'POST', body: file });
      const text = await answer.text();
      if (!answer.ok) {
        // The server's reason is an English sentence: the status says it in the page's language.
        this.el.note.textContent = t('timeline.notOpened', { status: answer.status });
        return;
      }
      const opened = JSON.parse(text);
      this.rememberKey(opened.room, opened.key);
      this.navigate(`/?room=${encodeURIComponent(opened.room)}`);
    } catch {
      this.el.note.textContent = t('timeline.unreachable');
    } finally {
      this.el.open.value = '';
    }
  }
}
