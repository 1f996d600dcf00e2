// Opening a class: `POST /api/classes {"lesson": id}` gives a code and the instructor's key,
// made so that any node behind nginx can check them (docs/scaling.md). The page then joins
// `room=CODE&key=KEY`: the node nginx sends the code to opens the room with this tab as its
// instructor. The key is kept for the tab like any instructor key, so a reload rejoins as
// instructor. A server without the endpoint (an older one) gets `lesson=` as before.

import { t } from './i18n.js';

const KEY_PREFIX = 'newtons.key.';
const CODE = /^[A-HJ-NP-Z2-9]{6}$/;

/** A refusal's `error` code in the page's language (the server's `message` is English). */
function errorFor(code, status) {
  const key = `error.${code}`;
  const s = t(key);
  return s === key ? t('error.classRefused', { status }) : s;
}

/**
 * Asks the server for a new class of `lesson`. Resolves to `{ code, key }`, or to null when the
 * server has no such endpoint (then `lesson=` opens the class); rejects with the server's
 * message when it refuses (an unknown lesson).
 */
export async function openClass(lesson, { fetch = globalThis.fetch, storage = null } = {}) {
  let res;
  try {
    res = await fetch('/api/classes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ lesson }),
      cache: 'no-store',
    });
  } catch {
    return null;
  }
  if (res.status === 404 || res.status === 405) {
    const answer = await res.json().catch(() => null);
    if (answer && answer.error === 'unknown-room') throw new Error(t('error.noLesson', { lesson }));
    return null;
  }
  const answer = await res.json().catch(() => null);
  if (!res.ok || !answer) throw new Error(answer && answer.error ? errorFor(answer.error, res.status) : t('error.classRefused', { status: res.status }));
  const { code, key } = answer;
  if (typeof code !== 'string' || !CODE.test(code) || typeof key !== 'string' || !key || key.length > 64) {
    throw new Error(t('error.classInvalid'));
  }
  try {
    if (storage) storage.setItem(KEY_PREFIX + code, key);
  } catch {
    /* storage full or blocked: the key still goes in the first URL */
  }
  return { code, key };
}
