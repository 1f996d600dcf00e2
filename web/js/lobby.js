// The lobby: every lesson as a card in book order (GET /api/lessons), the tutorial seven
// first, each opening its public room or a room of your own (a class with a code); a form
// joins a room by code. The pure helpers at the top are tested under node.

import { normalizeLessonList, normalizeRoomList, roomToken } from './protocol.js';
import { drawSprite } from './sprites.js';
import { t, localized, onLanguageChange, formatNumber } from './i18n.js';

export const TUTORIAL_IDS = Object.freeze(['gravity', 'collision', 'attachment', 'spring', 'snap', 'push', 'properties']);

/** The sprites on each tutorial lesson's card (LESSONS.md: who is in the scene). */
export const CARD_SPRITES = Object.freeze({
  gravity: ['frog'],
  collision: ['frog', 'dragon'],
  attachment: ['frog', 'dragon'],
  spring: ['frog', 'dragon'],
  snap: ['frog'],
  push: ['dragon'],
  properties: ['frog', 'dragon'],
});

/** Splits the lessons into the tutorial (book order) and the extra rooms. */
export function lessonGroups(lessons) {
  const tut = new Set(TUTORIAL_IDS);
  let tutorial = lessons.filter((l) => tut.has(l.id));
  let extra = lessons.filter((l) => !tut.has(l.id));
  if (!tutorial.length) {
    tutorial = lessons.slice(0, 7);
    extra = lessons.slice(7);
  }
  return { tutorial, extra };
}

/**
 * What someone typed into "join by code": a code, a lesson id (or one of its extra instances,
 * `snap-2`), or a pasted link. Returns
 * the room token to open (`/?room=<token>`), or null. Codes are shown upper case; a lesson
 * id is kept lower case.
 */
export function parseJoinInput(input, lessonIds = []) {
  if (typeof input !== 'string') return null;
  let s = input.trim();
  if (!s) return null;
  const fromLink = /[?&]room=([A-Za-z0-9_-]+)/.exec(s);
  if (fromLink) s = fromLink[1];
  // A lesson's extra instance, as the lobby and the room show it: `snap-2`.
  const instance = /^([a-z0-9_-]+)-([1-9][0-9]{0,3})$/.exec(s.toLowerCase());
  if (instance && lessonIds.includes(instance[1])) return instance[0];
  s = s.replace(/[\s-]+/g, '');
  if (!roomToken(s)) return null;
  const lower = s.toLowerCase();
  if (lessonIds.includes(lower)) return lower;
  return s.toUpperCase();
}

/** Public-room head counts by lesson id, from GET /api/rooms: a lesson's full room and its
 * extra instances (`snap`, `snap-2`, ...) count together. */
export function countsByRoom(rooms) {
  const m = new Map();
  for (const r of rooms) {
    const lesson = r.lesson || r.id;
    m.set(lesson, (m.get(lesson) || 0) + r.clients);
  }
  return m;
}

/** How many rooms each lesson has open (its own and its extra instances), from GET /api/rooms. */
export function roomsByLesson(rooms) {
  const m = new Map();
  for (const r of rooms) {
    const lesson = r.lesson || r.id;
    m.set(lesson, (m.get(lesson) || 0) + 1);
  }
  return m;
}

/** The head-count line of a lesson card: '' when no one is there. */
export function headCountText(clients, rooms) {
  if (!clients) return '';
  return rooms > 1 ? t('lobby.hereInRooms', { count: clients, rooms: formatNumber(rooms) }) : t('lobby.here', { count: clients });
}

function el(doc, tag, props = {}, children = []) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'text') e.textContent = v;
    else if (k === 'class') e.className = v;
    else if (k.startsWith('data-') || k.startsWith('aria-')) e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

/** A small picture of the lesson's characters, drawn with the stage's own sprites. */
function cardArt(doc, lessonId) {
  const sprites = CARD_SPRITES[lessonId];
  if (!sprites) return null;
  const canvas = el(doc, 'canvas', { class: 'card-art', 'aria-hidden': 'true' });
  const cssW = 28 * sprites.length + 4;
  const dpr = Math.min(3, Math.max(1, (doc.defaultView && doc.defaultView.devicePixelRatio) || 1));
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(30 * dpr);
  canvas.dataset.sprites = sprites.join(' ');
  const ctx = canvas.getContext && canvas.getContext('2d');
  if (ctx) {
    ctx.scale(dpr, dpr);
    sprites.forEach((name, i) => {
      ctx.save();
      ctx.translate(16 + 28 * i, 15);
      drawSprite(ctx, name, 28, 28);
      ctx.restore();
    });
  }
  return canvas;
}

function card(doc, lesson, number, count) {
  const badge = number ? el(doc, 'span', { class: 'card-num', text: String(number), 'aria-hidden': 'true' }) : el(doc, 'span', { class: 'card-icon', 'aria-hidden': 'true' });
  const title = el(doc, 'a', { href: `/?room=${encodeURIComponent(lesson.id)}`, text: localized(lesson.titles, lesson.title) });
  const countText = headCountText(count, 1);
  return el(doc, 'li', { class: 'card', 'data-lesson': lesson.id }, [
    el(doc, 'div', { class: 'card-head' }, [badge, el(doc, 'h3', {}, [title]), cardArt(doc, lesson.id)]),
    el(doc, 'p', { text: localized(lesson.summaries, lesson.summary) }),
    el(doc, 'div', { class: 'card-actions' }, [
      el(doc, 'a', { class: 'btn btn-primary', href: `/?room=${encodeURIComponent(lesson.id)}`, text: t('lobby.open'), title: t('lobby.openTitle'), 'data-open': 'public' }),
      el(doc, 'a', { class: 'btn', href: `/?lesson=${encodeURIComponent(lesson.id)}`, text: t('lobby.runClass'), title: t('lobby.runClassTitle'), 'data-open': 'class' }),
      el(doc, 'span', { class: 'card-count', text: countText, 'data-count': lesson.id }),
    ]),
  ]);
}

function skeletons(doc, list, n) {
  list.replaceChildren(...Array.from({ length: n }, () => el(doc, 'li', { class: 'card skeleton', 'aria-hidden': 'true' })));
}

/** Shows the lobby inside `root` (the #lobby section). `navigate(url)` opens a room. */
export async function showLobby(root, { fetchJSON, navigate }) {
  const doc = root.ownerDocument;
  const tutorialList = root.querySelector('[data-lesson-list="tutorial"]');
  const extraList = root.querySelector('[data-lesson-list="extra"]');
  const extraSection = root.querySelector('[data-extra-section]');
  const errorBox = root.querySelector('[data-lobby-error]');
  const form = root.querySelector('[data-join-form]');
  const codeInput = root.querySelector('[data-join-code]');
  let lessonIds = [];

  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const token = parseJoinInput(codeInput.value, lessonIds);
    if (!token) {
      codeInput.setCustomValidity(t('lobby.joinInvalid'));
      codeInput.reportValidity();
      return;
    }
    navigate(`/?room=${encodeURIComponent(token)}`);
  });
  codeInput.addEventListener('input', () => codeInput.setCustomValidity(''));

  skeletons(doc, tutorialList, 7);
  let lessons;
  try {
    lessons = normalizeLessonList(await fetchJSON('/api/lessons'));
    if (!lessons.length) throw new Error('no lessons');
  } catch (err) {
    tutorialList.replaceChildren();
    tutorialList.removeAttribute('aria-busy');
    errorBox.dataset.i18n = 'lobby.loadFailed';
    errorBox.textContent = t('lobby.loadFailed');
    errorBox.hidden = false;
    return [];
  }
  lessonIds = lessons.map((l) => l.id);
  const { tutorial, extra } = lessonGroups(lessons);
  let counts = new Map();
  let roomCounts = new Map();
  const fillCounts = () => {
    for (const span of root.querySelectorAll('[data-count]')) {
      const lesson = span.dataset.count;
      span.textContent = headCountText(counts.get(lesson) || 0, roomCounts.get(lesson) || 0);
    }
  };
  // The cards again only for a switch of language (a head count changes one line in place).
  const render = () => {
    tutorialList.replaceChildren(...tutorial.map((l, i) => card(doc, l, i + 1, 0)));
    extraList.replaceChildren(...extra.map((l) => card(doc, l, 0, 0)));
    fillCounts();
  };
  render();
  tutorialList.removeAttribute('aria-busy');
  extraSection.hidden = extra.length === 0;
  onLanguageChange(render);

  // Head counts are a nicety: fill them in when /api/rooms answers.
  fetchJSON('/api/rooms')
    .then((raw) => {
      const list = normalizeRoomList(raw);
      counts = countsByRoom(list);
      roomCounts = roomsByLesson(list);
      fillCounts();
    })
    .catch(() => {});
  return lessons;
}
