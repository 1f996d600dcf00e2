// Messages several tests start from, validated as the page validates what the server sends.
import { validateServerMessage } from '../js/protocol.js';

/** A class room's welcome to Ada (member 2, a student), the instructor being member 1. */
export const welcome = (o = {}) =>
  validateServerMessage({
    type: 'welcome',
    room: 'r1',
    code: 'K7QX2M',
    role: 'student',
    you: 2,
    lesson: { id: 'snap', title: 'Snap', gestures: ['tap'] },
    items: [{ id: 1, name: 'frog', w: 100, h: 100, x: 10, y: 20 }],
    params: [{ name: 'damping', label: 'Damping', value: 0.75, min: 0, max: 1, step: 0.05 }],
    clients: 2,
    members: [
      { id: 1, name: 'Teacher', role: 'instructor' },
      { id: 2, name: 'Ada', role: 'student' },
    ],
    ...o,
  });
