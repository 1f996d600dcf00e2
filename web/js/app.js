// The page's wiring: routes to the lobby (`/`) or a room (`/?room=<id or code>`,
// `/?lesson=<id>`), connects the room's socket, feeds frames to the interpolation buffer,
// draws at the display's rate, sends gestures and control messages, and keeps the page
// contract that tests and tools rely on (data-* hooks, body dataset, window.newtons).

import { msg, roomToken as validToken, socketURL, normalizeLessonList, str } from './protocol.js';
import { FrameBuffer } from './interpolation.js';
import { fitView, toClient, toView } from './viewport.js';
import { GestureClassifier, bindPointer, gesturesFor, hintFor } from './gestures.js';
import { drawRoom, overlaysAnimating, LABEL_SECONDS } from './render.js';
import { CodePanel } from './code-panel.js';
import { Connection } from './connection.js';
import { ParamsView, renderMembers, logEvent } from './controls.js';
import { createRoomState, applyMessage, canGesture, keyAfterWelcome, forgetKey, roomToken, rememberKey } from './room-state.js';
import { Timeline } from './timeline.js';
import { showLobby } from './lobby.js';
import { openClass } from './class-open.js';
import { PhysicsView } from './physics-view.js';

const NAME_KEY = 'newtons.name';
const $ = (sel, root = document) => root.querySelector(sel);
const body = document.body;

function storage(kind) {
  try {
    const s = window[kind];
    const probe = '__newtons__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}
const local = storage('localStorage');
const session = storage('sessionStorage');

async function fetchJSON(url) {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

// ------------------------------------------------------------------ toast

let toastTimer = null;
function toast(text, ms = 2600) {
  const t = $('[data-toast]');
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    t.hidden = true;
  }, ms);
}

// ------------------------------------------------------------------ display name

function savedName() {
  return str((local && local.getItem(NAME_KEY)) || '', 32).trim();
}

function bindNameField(onChange) {
  const input = $('[data-name]');
  input.value = savedName();
  input.addEventListener('change', () => {
    const name = str(input.value, 32).trim();
    input.value = name;
    if (local) {
      try {
        if (name) local.setItem(NAME_KEY, name);
        else local.removeItem(NAME_KEY);
      } catch {
        /* private mode */
      }
    }
    onChange(name);
  });
  input.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') input.blur();
  });
}

// ------------------------------------------------------------------ routing

function route() {
  const q = new URLSearchParams(location.search);
  const room = validToken(q.get('room') || '');
  const lesson = validToken(q.get('lesson') || '');
  if (room) startRoom({ room, lesson: null, key: null });
  else if (lesson) startClass(lesson);
  else startLobby();
}

// A new class: a code and key from POST /api/classes (any node of a cluster can make them),
// then the room by its code; `lesson=` when the server has no such endpoint.
async function startClass(lesson) {
  let made = null;
  try {
    made = await openClass(lesson, { storage: session });
  } catch (err) {
    toast(err.message || 'The class could not be opened', 5000);
  }
  if (made) {
    history.replaceState(null, '', `/?room=${encodeURIComponent(made.code)}`);
    startRoom({ room: made.code, lesson: null, key: made.key });
  } else {
    startRoom({ room: null, lesson, key: null });
  }
}


function startLobby() {
  body.dataset.view = 'lobby';
  body.dataset.status = 'closed';
  $('#lobby').hidden = false;
  bindNameField(() => toast('Name saved'));
  window.newtons = { view: 'lobby', toClient: () => null, toView: () => null, items: () => [] };
  showLobby($('#lobby'), { fetchJSON, navigate: (url) => location.assign(url) });
}

// ------------------------------------------------------------------ a room

function startRoom(target) {
  body.dataset.view = 'room';
  body.dataset.status = 'connecting';
  $('#room').hidden = false;

  const canvas = $('#stage');
  const ctx = canvas.getContext('2d', { alpha: true });
  const wrap = $('[data-stage-wrap]');
  const room = $('#room');
  const state = createRoomState();
  const buffer = new FrameBuffer();
  const classifier = new GestureClassifier(['tap']);
  let fit = fitView(state.bounds, 1, 1, 1);
  let latest = null; // the newest decoded frame
  let labels = [];
  let ripples = [];
  let dirty = true;
  let pendingClaim = null;
  let claimedOnThisConnection = false;
  let everLive = false;
  let lessonList = [];
  let lastBlockedToast = 0;
  let framesReceived = 0;
  let draws = 0;
  let lastStateTime = null;
  let springy = false; // draw lines as coil springs: the lesson's attachment has a frequency
  const nowS = () => performance.now() / 1000;

  let conn = null;
  const send = (m) => (conn ? conn.send(m) : false);
  const physics = new PhysicsView({
    before: $('[data-params-panel]'),
    canvas,
    state,
    send,
    toView: (cx, cy) => toView(fit, canvas.getBoundingClientRect(), cx, cy),
    changed: () => {
      dirty = true;
    },
  });

  // ---- sizing
  function resize() {
    const r = wrap.getBoundingClientRect();
    const next = fitView(state.bounds, r.width, r.height, window.devicePixelRatio || 1, Math.min(16, Math.min(r.width, r.height) * 0.03));
    if (canvas.width !== next.pixelWidth) canvas.width = next.pixelWidth;
    if (canvas.height !== next.pixelHeight) canvas.height = next.pixelHeight;
    fit = next;
    classifier.setScale(fit.scale);
    // The stage column is as wide as the view needs at this height; the code takes the rest.
    room.style.setProperty('--stage-w', `${Math.ceil((r.height * state.bounds.w) / state.bounds.h + 40)}px`);
    // Resizing cleared the canvas: draw now, not a frame later (no flicker while resizing).
    const now = nowS();
    draw(now, buffer.size ? buffer.sample(now) : null);
  }
  new ResizeObserver(resize).observe(wrap);
  window.addEventListener('resize', resize);
  // A window moved to a screen of another density: follow devicePixelRatio.
  (function watchDensity() {
    const mq = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    mq.addEventListener('change', () => {
      resize();
      watchDensity();
    }, { once: true });
  })();

  // ---- drawing: at the display's rate while anything moves or animates, else idle
  let wasAnimating = false;
  let lastSettled = false;
  let lastFeeds = -1;
  let feeds = 0; // frames and welcomes fed to the buffer, ever
  let renderTime = null; // the simulation time last drawn
  function draw(now, st) {
    drawRoom(ctx, fit, state, st, { labels, ripples, now, springs: springy });
    physics.draw(ctx, fit, st);
    draws++;
    lastStateTime = st ? st.time : null;
    if (st) renderTime = st.time;
    dirty = false;
  }
  function frame() {
    requestAnimationFrame(frame);
    for (const m of classifier.flush(performance.now())) sendGesture(m);
    const now = nowS();
    const animating = overlaysAnimating(labels, ripples, now);
    // Idle (settled on the newest frame, nothing new, nothing to redraw): skip all work.
    const idle = lastSettled && feeds === lastFeeds && !dirty && !animating && !wasAnimating;
    if (idle) return;
    lastFeeds = feeds;
    const st = buffer.size ? buffer.sample(now) : null;
    lastSettled = !st || st.settled;
    const moving = st && (!st.settled || st.time !== lastStateTime);
    // One more draw after the overlays end clears their last, faintest frame.
    if (dirty || moving || animating || wasAnimating) draw(now, st);
    wasAnimating = animating;
    if (!animating) {
      if (labels.length) labels = labels.filter((l) => now - l.born < LABEL_SECONDS);
      if (ripples.length) ripples = [];
    }
  }
  requestAnimationFrame(frame);

  // ---- gestures
  function sendGesture(m) {
    if (!send(m)) return;
    if (m.type === 'tap' || m.type === 'push' || (m.type === 'pan' && (m.phase === 'began' || m.phase === 'ended'))) {
      ripples.push({ x: m.x, y: m.y, born: nowS() });
      if (ripples.length > 8) ripples.shift();
      dirty = true;
    }
  }
  function gesturesAllowed() {
    if (body.dataset.status !== 'live') return false;
    if (canGesture(state)) return true;
    const t = performance.now();
    if (t - lastBlockedToast > 2500) {
      lastBlockedToast = t;
      toast('The instructor has locked the room: watch for now');
    }
    return false;
  }
  bindPointer(canvas, classifier, {
    toView: (cx, cy) => toView(fit, canvas.getBoundingClientRect(), cx, cy),
    send: sendGesture,
    enabled: () => !physics.takesPointer && gesturesAllowed(),
  });
  // Keyboard: Enter or Space taps the centre; arrows push from a side (push lessons).
  canvas.addEventListener('keydown', (ev) => {
    if (!gesturesAllowed()) return;
    const { w, h } = state.bounds;
    const g = new Set(gesturesFor(state.lesson));
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if ((ev.key === 'Enter' || ev.key === ' ') && g.has('tap')) {
      ev.preventDefault();
      sendGesture(msg.tap(w / 2, h / 2));
    } else if (arrows[ev.key] && g.has('push')) {
      ev.preventDefault();
      const [dx, dy] = arrows[ev.key];
      sendGesture(msg.push(w / 2 + dx * Math.min(w, h) * 0.3, h / 2 + dy * Math.min(w, h) * 0.3));
    }
  });

  // ---- panels
  const params = new ParamsView($('[data-params]'), $('[data-params-empty]'), (name, value) => send(msg.set(name, value)));
  const eventsList = $('[data-events]');
  const codePanel = new CodePanel($('[data-code-panel]'), { state, send, toast });
  $('[data-show-code]').addEventListener('click', () => {
    const open = body.dataset.codeOpen !== 'true';
    body.dataset.codeOpen = String(open);
    $('[data-show-code]').setAttribute('aria-expanded', String(open));
    if (open) {
      codePanel.editor.refresh();
      $('[data-code-panel]').scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  });

  function showEvent(e) {
    logEvent(eventsList, e);
    if (e.kind === 'error') {
      toast(e.text);
      return;
    }
    const quiet = new Set(['paused', 'resumed', 'locked', 'unlocked']);
    if (e.text && !quiet.has(e.name)) {
      labels.push({ text: e.text, item: e.item, x: e.x, y: e.y, born: nowS() });
      if (labels.length > 6) labels.shift();
      dirty = true;
    }
  }

  function updateRoomPanel() {
    const token = roomToken(state);
    const shared = !!state.code;
    body.dataset.shared = String(shared);
    $('[data-room-kind]').textContent = shared ? 'Class code' : 'Public room';
    $('[data-room-code]').textContent = token;
    const link = `${location.origin}/?room=${encodeURIComponent(token)}`;
    $('[data-share-link]').value = link;
  }

  function updateMembers() {
    renderMembers($('[data-members]'), $('[data-people-count]'), state, {
      onGive: (member) => send(msg.control('give', { member })),
      onEdit: (member) => send(msg.control('edit', { member })),
      onShow: (member) => send(msg.control('show', { member })),
    });
  }

  function updateRoomStatus() {
    body.dataset.paused = String(state.paused);
    body.dataset.locked = String(state.locked);
    body.dataset.role = state.role;
    const instructor = state.role === 'instructor';
    const mayGesture = canGesture(state);
    body.dataset.gestureBlocked = String(!mayGesture);
    const banner = $('[data-banner]');
    let text = '';
    let cls = '';
    if (state.paused) {
      text = instructor ? 'Paused: Resume or Step to go on' : state.code ? 'Paused by the instructor' : 'Paused';
      cls = 'paused';
    } else if (state.locked && !instructor) {
      text = mayGesture ? 'Locked: you have the gesture' : 'Locked by the instructor: watch';
      cls = 'locked';
    }
    banner.textContent = text;
    banner.className = `banner ${cls}`;
    banner.hidden = !text;
    $('[data-lock-mark]').hidden = !state.locked;
    $('[data-lock-mark]').textContent = mayGesture && !instructor ? 'Locked · your turn' : 'Locked';
    $('[data-instructor]').hidden = !instructor;
    // Pause and Lock show the room's state as pressed toggles; Resume and Unlock stay plain
    // buttons (always clickable: a click that changes nothing is harmless).
    $('[data-control="pause"]').setAttribute('aria-pressed', String(state.paused));
    $('[data-control="lock"]').setAttribute('aria-pressed', String(state.locked));
    $('[data-control="reset"]').disabled = !mayGesture;
    params.setEnabled(mayGesture);
    codePanel.update();
    updateMembers();
  }

  function updateLesson() {
    const l = state.lesson;
    $('[data-lesson-title]').textContent = l.title || l.id || 'Lesson';
    $('[data-lesson-summary]').textContent = l.summary;
    $('[data-lesson-summary]').title = l.summary;
    document.title = `${l.title || l.id} · Newtons`;
    springy = l.id === 'spring' || state.params.some((p) => /frequency/i.test(p.name));
    const gestures = gesturesFor(l);
    classifier.setGestures(gestures);
    body.dataset.gestures = gestures.join(' ');
    $('[data-gesture-hint]').textContent = hintFor(l, gestures);
    canvas.setAttribute('aria-label', `${l.title || 'Lesson'}: ${l.summary || 'the lesson’s stage'}`);
    $('[data-overlay-new]').href = `/?lesson=${encodeURIComponent(l.id)}`;
    wrap.style.setProperty('--aspect', `${state.bounds.w} / ${state.bounds.h}`);
    syncLessonSelect();
  }

  function syncLessonSelect() {
    const select = $('[data-switch-lesson]');
    if (!lessonList.length) return;
    if (select.options.length !== lessonList.length) {
      select.replaceChildren(
        ...lessonList.map((l) => {
          const o = document.createElement('option');
          o.value = l.id;
          o.textContent = l.title;
          return o;
        }),
      );
    }
    if (state.lesson.id) select.value = state.lesson.id;
  }

  function onWelcome(m) {
    feeds++;
    buffer.clear();
    buffer.setRate(m.rate);
    // Draw the welcome's state at once; the frame that follows takes over.
    buffer.push({ seq: null, time: m.time, paused: m.paused, items: m.items.map((it) => ({ id: it.id, x: it.x, y: it.y, angle: it.angle, alpha: it.alpha, hidden: it.hidden, atRest: false })), lines: m.lines }, nowS());
    latest = null;
    labels = [];
    classifier.setBounds(state.bounds);
    resize();
    updateLesson();
    updateRoomPanel();
    codePanel.onWelcome();
    params.setParams(state.params);
    updateRoomStatus();
    // The same room from now on, whatever the first URL said (a reload rejoins it).
    const token = roomToken(state);
    if (token) {
      target.room = token;
      target.lesson = null;
      const url = `/?room=${encodeURIComponent(token)}`;
      if (location.pathname + location.search !== url) history.replaceState(null, '', url);
    }
    const key = keyAfterWelcome(session, m);
    pendingClaim = null;
    // Claim once per connection: a server that answers a claim with a fresh welcome must
    // not start a loop.
    if (key && !claimedOnThisConnection) {
      claimedOnThisConnection = true;
      pendingClaim = key;
      send(msg.claim(key));
    }
    if (state.role === 'instructor' && !lessonList.length) loadLessonList();
    physics.onWelcome();
  }

  function loadLessonList() {
    fetchJSON('/api/lessons')
      .then((raw) => {
        lessonList = normalizeLessonList(raw);
        syncLessonSelect();
      })
      .catch(() => {});
  }

  function onMessage(m) {
    const changed = applyMessage(state, m, nowS());
    if (m.type === 'welcome') onWelcome(m);
    if (m.type === 'welcome' || changed.has('timeline') || changed.has('role')) timeline.update(state);
    if (m.type === 'scene') {
      dirty = true;
    }
    if (m.type === 'code') {
      // New code runs: its gestures and view size, its code in every editor.
      classifier.setBounds(state.bounds);
      updateLesson();
      resize();
      codePanel.onCode(m);
    }
    if (m.type === 'error') codePanel.onError(m);
    if (changed.has('params') && m.type !== 'welcome') params.setParams(state.params);
    if ((changed.has('room') || changed.has('presence') || changed.has('role')) && m.type !== 'welcome') updateRoomStatus();
    if (changed.has('role') && state.role === 'instructor' && m.type !== 'welcome') {
      // A claim went through (after a reload or a reconnect).
      pendingClaim = null;
      if (!lessonList.length) loadLessonList();
      toast('You are the instructor of this room again');
    }
    if (m.type === 'error' && m.code === 'forbidden' && pendingClaim) {
      forgetKey(session, state);
      pendingClaim = null;
    }
    if (changed.has('event')) showEvent(state.events[state.events.length - 1]);
    if (m.type === 'event') codePanel.onEvent(m);
    if (m.type !== 'welcome') physics.onMessage(m);
  }

  function onFrame(f) {
    framesReceived++;
    feeds++;
    latest = f;
    buffer.push(f, nowS());
    timeline.onFrame(f);
    physics.onFrame(f);
    dirty = true;
    if (f.paused !== state.paused) {
      state.paused = f.paused;
      updateRoomStatus();
    }
  }

  function onStatus(status, info) {
    body.dataset.status = status;
    physics.onStatus(status);
    if (status === 'connecting') claimedOnThisConnection = false;
    if (status === 'live') everLive = true;
    // A frozen picture says so: greyed, with "Reconnecting…" (CSS), once the room was live.
    wrap.dataset.offline = String(status !== 'live' && everLive && !info.fatal);
    const text = $('[data-status-text]');
    const retry = $('[data-retry]');
    retry.hidden = true;
    if (status === 'live') text.textContent = 'Live';
    else if (status === 'connecting') text.textContent = info.attempt ? 'Reconnecting…' : 'Connecting…';
    else if (info.fatal) text.textContent = 'Closed';
    else if (info.retryIn !== undefined) {
      text.textContent = `Offline · retrying in ${Math.max(1, Math.round(info.retryIn / 1000))} s`;
      retry.hidden = false;
    } else text.textContent = 'Closed';
    if (status === 'live') $('[data-fatal]').hidden = true;
  }

  function onFatal(reason) {
    const overlay = $('[data-fatal]');
    $('[data-overlay-title]').textContent = reason.code === 'unknown-room' ? 'This room is not open' : 'Disconnected';
    $('[data-overlay-text]').textContent =
      reason.code === 'unknown-room'
        ? 'There is no room with that code (any more). A class room closes when the server restarts or everyone has left.'
        : 'The server closed the connection.';
    const newLink = $('[data-overlay-new]');
    const lessonId = state.lesson.id || target.lesson;
    newLink.hidden = !lessonId;
    if (lessonId) newLink.href = `/?lesson=${encodeURIComponent(lessonId)}`;
    overlay.hidden = false;
  }

  const timeline = new Timeline($('[data-timeline]'), {
    send,
    rememberKey: (room, key) => rememberKey(session, room, key),
    navigate: (url) => location.assign(url),
  });

  conn = new Connection({
    url: () => socketURL(location, { room: target.room, lesson: target.lesson, key: target.key, name: savedName() }),
    onStatus,
    onMessage,
    onFrame,
    onOverlay: (o) => physics.onOverlay(o),
    onFatal,
    timers: { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (t) => clearTimeout(t), setInterval: (f, ms) => setInterval(f, ms), clearInterval: (t) => clearInterval(t), now: () => performance.now() },
  });

  // ---- buttons
  $('[data-control="reset"]').addEventListener('click', () => {
    if (send(msg.reset())) dirty = true;
  });
  for (const action of ['pause', 'resume', 'step', 'lock', 'unlock']) {
    $(`[data-control="${action}"]`).addEventListener('click', () => send(msg.control(action)));
  }
  $('[data-switch-form]').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const id = $('[data-switch-lesson]').value;
    if (id && id !== state.lesson.id) send(msg.control('lesson', { lesson: id }));
  });
  $('[data-copy-link]').addEventListener('click', async () => {
    const input = $('[data-share-link]');
    try {
      await navigator.clipboard.writeText(input.value);
      toast('Link copied');
    } catch {
      input.select();
      toast('Press Ctrl+C (⌘C) to copy the link');
    }
  });
  $('[data-share-link]').addEventListener('focus', (ev) => ev.target.select());
  $('[data-retry]').addEventListener('click', () => conn.retrySoon());
  window.addEventListener('online', () => conn.retrySoon());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      conn.retrySoon();
      dirty = true;
    }
  });
  bindNameField(() => {
    toast('Name saved');
    conn.reconnect();
  });

  // ---- the page contract for tools and tests
  window.newtons = {
    view: 'room',
    /** A point of the room's reference view → viewport CSS pixels `{x, y}`. */
    toClient(x, y) {
      return toClient(fit, canvas.getBoundingClientRect(), x, y);
    },
    /** Viewport CSS pixels → a point of the room's reference view `{x, y}`. */
    toView(x, y) {
      return toView(fit, canvas.getBoundingClientRect(), x, y);
    },
    /** The latest items: `[{id, name, x, y, angle, alpha, hidden, w, h}]`, from the newest frame. */
    items() {
      const byId = new Map(latest ? latest.items.map((it) => [it.id, it]) : []);
      return state.items.map((d) => {
        const s = byId.get(d.id) || d;
        return { id: d.id, name: d.name, x: s.x, y: s.y, angle: s.angle, alpha: s.alpha, hidden: !!s.hidden, w: d.w, h: d.h };
      });
    },
    /** A summary of the room as the page sees it. */
    state() {
      return {
        status: body.dataset.status,
        room: state.room,
        code: state.code,
        role: state.role,
        you: state.you,
        lesson: state.lesson.id,
        bounds: { ...state.bounds },
        paused: state.paused,
        locked: state.locked,
        controller: state.controller,
        clients: state.clients,
        frames: framesReceived,
        draws,
        time: latest ? latest.time : state.time,
        past: latest ? latest.past : false,
        timeline: timeline.model(),
        renderTime,
      };
    },
    send: (m) => send(m),
    /** The overlays, their newest data, the plot's latest point, the ruler and stopwatch. */
    physics: () => physics.snapshot(),
    /** The plot: the picked item, the quantity shown, and its latest point. */
    plot: () => physics.snapshot().plot,
  };

  conn.start();
}

route();
