// The page's wiring: routes to the lobby (`/`) or a room (`/?room=<id or code>`,
// `/?lesson=<id>`), connects the room's socket, feeds frames to the interpolation buffer,
// draws at the display's rate, sends gestures and control messages, and keeps the page
// contract that tests and tools rely on (data-* hooks, body dataset, window.newtons).

import { msg, roomToken as validToken, socketURL, normalizeLessonList, str } from './protocol.js';
import { FrameBuffer } from './interpolation.js';
import { fitView, toClient, toView } from './viewport.js';
import { GestureClassifier, KeyboardGestures, bindPointer, gesturesFor, hintFor } from './gestures.js';
import { drawRoom, overlaysAnimating, LABEL_SECONDS } from './render.js';
import { CodePanel } from './code-panel.js';
import { AssistClient } from './assist-protocol.js';
import { Connection } from './connection.js';
import { ParamsView, renderMembers, logEvent } from './controls.js';
import { createRoomState, applyMessage, canGesture, keyAfterWelcome, forgetKey, roomToken, rememberKey, eventText } from './room-state.js';
import { Timeline } from './timeline.js';
import { showLobby } from './lobby.js';
import { openClass } from './class-open.js';
import { PhysicsView } from './physics-view.js';
import { initI18n, setLanguage, onLanguageChange, t, lang, localized, formatNumber, formatFixed } from './i18n.js';
import { Announcer, SceneWatcher, contactWords, describeScene, say } from './announce.js';
import { GuidePanel } from './guide.js';
import { RosterView } from './roster.js';

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
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

// ------------------------------------------------------------------ language

/** The header's language choice: shows the page's language, switches it (remembered). */
function bindLanguage() {
  const select = $('[data-language]');
  select.value = lang();
  select.addEventListener('change', () => setLanguage(select.value));
  onLanguageChange((l) => {
    select.value = l;
    document.title = body.dataset.view === 'room' ? document.title : t('page.title');
  });
  document.title = t('page.title');
}

/** The keys dialog (`?` on the stage, or the Keys button); focus goes back where it was. */
function bindKeysDialog() {
  const dialog = $('[data-keys-dialog]');
  let back = null;
  const open = () => {
    if (dialog.open) return;
    back = document.activeElement;
    dialog.showModal();
  };
  dialog.addEventListener('close', () => {
    if (back && back.isConnected) back.focus();
  });
  $('[data-keys-help]').addEventListener('click', open);
  $('[data-keys-close]').addEventListener('click', () => dialog.close());
  return open;
}

async function fetchJSON(url) {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}

/** Saves `text` as a file named `name` (the roster's CSV): a link to a blob, clicked. */
function downloadText(name, text, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// ------------------------------------------------------------------ toast

let toastTimer = null;
function toast(text, ms = 2600) {
  const box = $('[data-toast]');
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
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
    toast(err.message || t('room.classNotOpened'), 5000);
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
  bindNameField(() => toast(t('page.nameSaved')));
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
  const keyboard = new KeyboardGestures(classifier);
  const announcer = new Announcer($('[data-live-region]'));
  const watcher = new SceneWatcher();
  const openKeys = bindKeysDialog();
  let stageFocused = false;
  let previous = null; // the frame before the newest (for speeds)
  let lastStatus = ['connecting', {}];
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
    const cursor = stageFocused ? keyboard.cursor : null;
    drawRoom(ctx, fit, state, st, { labels, ripples, now, springs: springy, reducedMotion: reducedMotion.matches, cursor, only: stepItems });
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
    if (m.type === 'tap' && state.lesson.id === 'snap') watcher.expectSnap(m.x, m.y);
    if (m.type === 'tap' || m.type === 'push' || (m.type === 'pan' && (m.phase === 'began' || m.phase === 'ended'))) {
      ripples.push({ x: m.x, y: m.y, born: nowS() });
      if (ripples.length > 8) ripples.shift();
      dirty = true;
    }
  }
  function gesturesAllowed() {
    if (body.dataset.status !== 'live') return false;
    if (canGesture(state)) return true;
    const now = performance.now();
    if (now - lastBlockedToast > 2500) {
      lastBlockedToast = now;
      toast(t('room.lockedToast'));
    }
    return false;
  }
  bindPointer(canvas, classifier, {
    toView: (cx, cy) => toView(fit, canvas.getBoundingClientRect(), cx, cy),
    send: sendGesture,
    enabled: () => !physics.takesPointer && gesturesAllowed(),
  });
  // The keyboard (js/gestures.js KeyboardGestures): a cursor on the stage, Enter taps at it,
  // Space grabs and arrows drag, through the pointer's classifier; ? lists the keys, D
  // describes the scene. A measuring tool takes the keys as it takes the pointer.
  const at = () => ({ x: formatNumber(Math.round(keyboard.x)), y: formatNumber(Math.round(keyboard.y)) });
  canvas.addEventListener('keydown', (ev) => {
    if (ev.key === '?' || ev.key === 'd' || ev.key === 'D') {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      ev.preventDefault();
      if (ev.key === '?') openKeys();
      else announcer.sayNow(describeScene(state.items, latest, previous, state.bounds));
      return;
    }
    const gesture = ['Enter', ' ', 'Spacebar', 'Escape'].includes(ev.key);
    if (physics.takesPointer && gesture) {
      ev.preventDefault();
      physics.key(ev.key === 'Spacebar' ? ' ' : ev.key, keyboard);
      dirty = true;
      return;
    }
    if (gesture && !keyboard.grabbing && !gesturesAllowed()) return;
    const r = keyboard.key(ev, performance.now());
    if (!r.handled) return;
    ev.preventDefault();
    for (const m of r.messages) sendGesture(m);
    if (physics.takesPointer && r.action === 'move') physics.key(ev.key, keyboard);
    if (r.action === 'grab') announcer.sayNow(t('keys.grabbed', at()));
    else if (r.action === 'release') announcer.sayNow(t('keys.released', at()));
    else if (r.action === 'cancel') announcer.sayNow(t('keys.cancelled'));
    dirty = true;
  });
  canvas.addEventListener('focus', () => {
    stageFocused = true;
    dirty = true;
  });
  canvas.addEventListener('blur', () => {
    stageFocused = false;
    for (const m of keyboard.cancel()) sendGesture(m);
    dirty = true;
  });
  // A pointer press puts the keyboard cursor where it pressed.
  canvas.addEventListener('pointerdown', (ev) => {
    const p = toView(fit, canvas.getBoundingClientRect(), ev.clientX, ev.clientY);
    if (!keyboard.grabbing && p) {
      keyboard.x = Math.min(state.bounds.w, Math.max(0, p.x));
      keyboard.y = Math.min(state.bounds.h, Math.max(0, p.y));
    }
  });

  // ---- panels
  const params = new ParamsView($('[data-params]'), $('[data-params-empty]'), (name, value) => send(msg.set(name, value)));
  const eventsList = $('[data-events]');
  // The editor's questions (completion, help, checking, values); while stepping slowly the
  // stage draws only the items that exist by the highlighted line.
  const assistClient = new AssistClient(send);
  let stepItems = null;
  const codePanel = new CodePanel($('[data-code-panel]'), {
    state,
    send,
    toast,
    assist: assistClient,
    onStep: (ids) => {
      stepItems = ids;
      dirty = true;
    },
    announce: (text) => announcer.say(text),
  });
  $('[data-show-code]').addEventListener('click', () => {
    const open = body.dataset.codeOpen !== 'true';
    body.dataset.codeOpen = String(open);
    $('[data-show-code]').setAttribute('aria-expanded', String(open));
    if (open) {
      codePanel.editor.refresh();
      $('[data-code-panel]').scrollIntoView({ block: 'start', behavior: reducedMotion.matches ? 'auto' : 'smooth' });
    }
  });

  // The guide (js/guide.js) and, for a class's instructor, its roster (js/roster.js).
  const guide = new GuidePanel($('[data-guide]'), {
    send,
    announce: (text) => announcer.say(text),
    you: () => state.you,
    load: (id, l) => fetchJSON(`/api/lessons/${encodeURIComponent(id)}/guide?lang=${encodeURIComponent(l)}`),
    onChange: () => updateRoster(),
  });
  const roster = new RosterView($('[data-roster]'), { send, guide: () => guide.guide, download: downloadText });
  let guideFor = null; // `${lesson}|${you}`: the room starts a member's guide over for another
  function updateRoster() {
    roster.setVisible(state.role === 'instructor' && !!state.code && !!guide.guide);
    roster.render();
  }
  $('[data-show-guide]').addEventListener('click', () => {
    const panel = $('[data-guide]');
    panel.scrollIntoView({ block: 'start', behavior: reducedMotion.matches ? 'auto' : 'smooth' });
    panel.focus({ preventScroll: true });
  });

  // An event in the log, on the stage and, when it is news, in the live region.
  function showEvent(e) {
    e.date = new Date();
    if (e.name === 'collision-began' && e.item !== null && e.item !== undefined) {
      // Which item hit which edge, in the page's words; the lesson's own text quoted.
      const item = state.items.find((d) => d.id === e.item) || null;
      const pos = item && latest ? latest.items.find((s) => s.id === item.id) : null;
      const was = pos && previous ? previous.items.find((s) => s.id === item.id) : null;
      // The newest frame may be a step or two behind the contact: a fast fall is farther off.
      const dt = was ? latest.time - previous.time : 0;
      const speed = dt > 0 ? Math.hypot(pos.x - was.x, pos.y - was.y) / dt : 0; // points a second
      const slack = 12 + (speed * 2) / 60; // two steps at 60 a second
      e.words = { ...contactWords(item, pos || item, state.bounds, slack), quote: e.text };
    }
    const said = eventText(state, e);
    logEvent(eventsList, { ...e, ...said });
    if (e.kind === 'error') {
      if (!(e.error && e.error.shownInGuide)) toast(said.text);
      return;
    }
    // The guide's events are shown (and said) by the guide panel, not on the stage.
    const quiet = new Set(['paused', 'resumed', 'locked', 'unlocked', 'step-done', 'prediction', 'guide-step']);
    const shown = said.quote || said.text;
    if (shown && !quiet.has(e.name)) {
      labels.push({ text: shown, item: e.item, x: e.x, y: e.y, born: nowS() });
      if (labels.length > 6) labels.shift();
      dirty = true;
    }
    announceEvent(e);
  }

  function announceEvent(e) {
    switch (e.name) {
      case 'collision-began':
        announcer.say(say(e.words || contactWords(null)));
        break;
      case 'paused':
      case 'resumed':
        if (state.code) announcer.say(t(`say.${e.name}`));
        break;
      case 'code':
        announcer.say(t('say.codeRan'));
        break;
      case 'runtime-error':
        announcer.say(t('say.runtimeError', { message: e.text }));
        break;
      default:
        break;
    }
  }

  function updateRoomPanel() {
    const token = roomToken(state);
    const shared = !!state.code;
    body.dataset.shared = String(shared);
    $('[data-room-kind]').textContent = shared ? t('room.classCode') : t('room.publicRoom');
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
      text = instructor ? t('room.pausedInstructor') : state.code ? t('room.pausedByInstructor') : t('room.paused');
      cls = 'paused';
    } else if (state.locked && !instructor) {
      text = mayGesture ? t('room.lockedHaveGesture') : t('room.lockedWatch');
      cls = 'locked';
    }
    banner.textContent = text;
    banner.className = `banner ${cls}`;
    banner.hidden = !text;
    $('[data-lock-mark]').hidden = !state.locked;
    $('[data-lock-mark]').textContent = mayGesture && !instructor ? t('room.lockedYourTurn') : t('room.locked');
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
    const title = localized(l.titles, l.title) || l.id || t('room.lesson');
    const summary = localized(l.summaries, l.summary);
    $('[data-lesson-title]').textContent = title;
    $('[data-lesson-summary]').textContent = summary;
    $('[data-lesson-summary]').title = summary;
    document.title = t('page.roomTitle', { lesson: title });
    springy = l.id === 'spring' || state.params.some((p) => /frequency/i.test(p.name));
    const gestures = gesturesFor(l);
    classifier.setGestures(gestures);
    body.dataset.gestures = gestures.join(' ');
    $('[data-gesture-hint]').textContent = hintFor(l, gestures);
    canvas.setAttribute('aria-label', t('room.stageLabel', { lesson: title }));
    $('[data-overlay-new]').href = `/?lesson=${encodeURIComponent(l.id)}`;
    wrap.style.setProperty('--aspect', `${state.bounds.w} / ${state.bounds.h}`);
    syncLessonSelect();
  }

  function syncLessonSelect(rebuild = false) {
    const select = $('[data-switch-lesson]');
    if (!lessonList.length) return;
    if (rebuild || select.options.length !== lessonList.length) {
      select.replaceChildren(
        ...lessonList.map((l) => {
          const o = document.createElement('option');
          o.value = l.id;
          o.textContent = localized(l.titles, l.title);
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
    keyboard.reset(state.bounds);
    watcher.clear();
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
    // A welcome for another lesson or as another member: the room starts the guide over.
    const now = `${state.lesson.id}|${state.you}`;
    if (now !== guideFor) {
      guideFor = now;
      roster.reset();
      guide.setLesson(state.lesson.id, { hasGuide: state.lesson.guide });
    }
    updateRoster();
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
    if (m.type === 'assist') return assistClient.onMessage(m);
    const changed = applyMessage(state, m, nowS());
    if (m.type === 'welcome') onWelcome(m);
    if (m.type === 'welcome' || changed.has('timeline') || changed.has('role')) timeline.update(state);
    if (m.type === 'scene') {
      dirty = true;
    }
    if (m.type === 'code') {
      // New code runs: its gestures and view size, its code in every editor.
      classifier.setBounds(state.bounds);
      keyboard.reset(state.bounds);
      watcher.clear();
      updateLesson();
      resize();
      codePanel.onCode(m);
    }
    if (m.type === 'error') {
      if (guide.onError(m)) m.shownInGuide = true;
      codePanel.onError(m);
      if (m.code === 'compile-error') {
        const d = (m.diagnostics || [])[0];
        announcer.say(t('say.codeFailed', { message: d ? t('code.diagnostic', d) : '' }));
      }
    }
    if (changed.has('params') && m.type !== 'welcome') params.setParams(state.params);
    if ((changed.has('room') || changed.has('presence') || changed.has('role')) && m.type !== 'welcome') updateRoomStatus();
    if (changed.has('role') && state.role === 'instructor' && m.type !== 'welcome') {
      // A claim went through (after a reload or a reconnect).
      pendingClaim = null;
      if (!lessonList.length) loadLessonList();
      toast(t('room.instructorAgain'));
    }
    if (m.type === 'error' && m.code === 'forbidden' && pendingClaim) {
      forgetKey(session, state);
      pendingClaim = null;
    }
    if (changed.has('event')) showEvent(state.events[state.events.length - 1]);
    if (m.type === 'event') codePanel.onEvent(m);
    if (m.type === 'event') guide.onEvent(m);
    if (m.type === 'progress') roster.onProgress(m);
    if (m.type === 'progress-csv') roster.onCSV(m);
    if (changed.has('role')) updateRoster();
    if (m.type !== 'welcome') physics.onMessage(m);
  }

  function onFrame(f) {
    framesReceived++;
    feeds++;
    // A step of a paused class: one sentence (a seek far away is no step).
    if (latest && latest.paused && f.paused && f.time > latest.time && f.time - latest.time < 0.5) {
      announcer.say(t('say.stepped', { time: formatFixed(f.time, 2) }));
    }
    if (latest && f.time < latest.time) watcher.clear();
    previous = latest;
    latest = f;
    for (const sentence of watcher.frame(f, state.items, state.bounds)) announcer.say(sentence);
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
    lastStatus = [status, info];
    body.dataset.status = status;
    physics.onStatus(status);
    if (status === 'connecting') claimedOnThisConnection = false;
    if (status === 'live') everLive = true;
    // A frozen picture says so: greyed, with "Reconnecting…" (CSS), once the room was live.
    wrap.dataset.offline = String(status !== 'live' && everLive && !info.fatal);
    wrap.dataset.offlineText = t('status.reconnecting');
    const text = $('[data-status-text]');
    const retry = $('[data-retry]');
    retry.hidden = true;
    if (status === 'live') text.textContent = t('status.live');
    else if (status === 'connecting') text.textContent = info.attempt ? t('status.reconnecting') : t('status.connecting');
    else if (info.fatal) text.textContent = t('status.closed');
    else if (info.retryIn !== undefined) {
      text.textContent = t('status.offline', { seconds: formatNumber(Math.max(1, Math.round(info.retryIn / 1000))) });
      retry.hidden = false;
    } else text.textContent = t('status.closed');
    if (status === 'live') $('[data-fatal]').hidden = true;
  }

  function onFatal(reason) {
    const overlay = $('[data-fatal]');
    const unknown = reason.code === 'unknown-room';
    $('[data-overlay-title]').dataset.i18n = unknown ? 'room.notOpenTitle' : 'room.disconnectedTitle';
    $('[data-overlay-text]').dataset.i18n = unknown ? 'room.notOpenText' : 'room.disconnectedText';
    $('[data-overlay-title]').textContent = t($('[data-overlay-title]').dataset.i18n);
    $('[data-overlay-text]').textContent = t($('[data-overlay-text]').dataset.i18n);
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
      toast(t('room.linkCopied'));
    } catch {
      input.select();
      toast(t('room.pressToCopy'));
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
    toast(t('page.nameSaved'));
    conn.reconnect();
  });
  // A switch of language: every string the room put up itself, again.
  onLanguageChange(() => {
    // The event log again, each entry at its time, in the new language.
    eventsList.replaceChildren();
    for (const e of state.events) if (e.date) logEvent(eventsList, { ...e, ...eventText(state, e) });
    announcer.region.textContent = '';
    $('[data-lesson-title]').textContent = t('room.connecting');
    if (state.live) {
      updateLesson();
      updateRoomPanel();
      updateRoomStatus();
      params.relabel();
      syncLessonSelect(true);
    }
    guide.relabel();
    roster.render();
    onStatus(...lastStatus);
    dirty = true;
  });
  $('[data-lesson-title]').textContent = t('room.connecting');

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
    /** The sentences the live region said, oldest first (at most 20). */
    announced: () => [...announcer.said],
    /** The keyboard cursor on the stage: `{x, y, grabbing}` in view points. */
    cursor: () => keyboard.cursor,
    /** The guide as this member sees it: `{lesson, lang, open, done: [step], predictions}`, or null. */
    guide: () =>
      guide.guide && {
        lesson: guide.guide.lesson,
        lang: guide.guide.lang,
        open: guide.model.steps[guide.model.open]?.id ?? null,
        done: [...guide.model.done.keys()],
        predictions: Object.fromEntries(guide.model.predictions),
      },
    /** The instructor's latest roster (`progress`), the chart's bars as drawn, the last CSV exported. */
    roster: () => ({
      progress: roster.progress,
      chart: roster.chart ? { labels: [...roster.chart.data.labels], counts: [...roster.chart.data.datasets[0].data] } : null,
      csv: roster.lastCSV ?? null,
    }),
  };

  conn.start();
}

await initI18n();
bindLanguage();
route();
