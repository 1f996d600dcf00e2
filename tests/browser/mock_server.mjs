#!/usr/bin/env node
// A stand-in for the Newtons server, for developing and testing the page before (and
// beside) the real one: the same command line (`serve --host H --port P --web DIR`), the
// same HTTP routes and headers (CSP included), the same WebSocket protocol (docs/protocol.md)
// with a toy physics engine behind it. Not shipped: it lives under tests/ only.
//
//   node tests/browser/mock_server.mjs serve --port 8080 --web web
//   NEWTONS_BIN=tests/browser/mock-newtons .venv/bin/python -m pytest tests/browser

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { encodeFrame } from '../../web/js/protocol.js';

// ------------------------------------------------------------------ command line

const args = process.argv.slice(2);
if (args[0] === 'serve') args.shift();
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const HOST = opt('host', '127.0.0.1');
const PORT = Number(opt('port', '8080'));
const WEB = path.resolve(opt('web', 'web'));
const RATE = 60;

// ------------------------------------------------------------------ lessons

const W = 375;
const H = 667;
const frog = (x, y) => ({ name: 'frog', shape: 'rect', w: 100, h: 100, color: '#43a047', sprite: 'frog', x, y });
const dragon = (x, y) => ({ name: 'dragon', shape: 'rect', w: 100, h: 100, color: '#e53935', sprite: 'dragon', x, y });
const code = (title, body) => `import UIKitDynamics\n\n/// ${title}\nfinal class ViewController: UIViewController {\n    var animator: UIDynamicAnimator!\n\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        animator = UIDynamicAnimator(referenceView: view)\n${body}\n    }\n}\n`;

const LESSONS = [
  { id: 'gravity', title: 'Gravity', summary: 'The frog falls under a tenth of Earth’s gravity.', gestures: ['tap'], scene: () => [frog(187.5, 120)], g: 100, walls: false, params: [['gravity', 'Gravity magnitude', 0.1, 0, 2, 0.05]], body: '        let gravity = UIGravityBehavior(items: [frog])\n        gravity.gravityDirection = CGVector(dx: 0, dy: 0.1)\n        animator.addBehavior(gravity)' },
  { id: 'collision', title: 'Collision', summary: 'Frog and dragon fall and land on the bottom edge.', gestures: ['tap'], scene: () => [frog(110, 120), dragon(265, 60)], g: 1000, walls: true, elasticity: 0.3, params: [['gravity', 'Gravity magnitude', 1, 0, 3, 0.1]], body: '        let collision = UICollisionBehavior(items: [frog, dragon])\n        collision.translatesReferenceBoundsIntoBoundary = true\n        collision.collisionDelegate = self' },
  { id: 'attachment', title: 'Attachment', summary: 'Drag the frog: the dragon follows at a fixed distance.', gestures: ['pan'], scene: () => [frog(187.5, 200), dragon(187.5, 420)], g: 0, walls: true, attach: 'rod', params: [] , body: '        attachment = UIAttachmentBehavior(item: dragon, attachedToAnchor: frog.center)\n        animator.addBehavior(attachment)' },
  { id: 'spring', title: 'Spring', summary: 'The dragon hangs from the frog on a spring.', gestures: ['pan'], scene: () => [frog(187.5, 180), dragon(187.5, 300)], g: 1000, walls: true, attach: 'spring', params: [['frequency', 'Frequency (Hz)', 1, 0.1, 5, 0.1], ['damping', 'Damping', 0.1, 0, 1, 0.05]], body: '        attachment.frequency = 1.0\n        attachment.damping = 0.1\n        attachment.length = 100' },
  { id: 'snap', title: 'Snap', summary: 'Tap anywhere: the frog snaps to the point.', gestures: ['tap'], scene: () => [frog(187.5, 333.5)], g: 0, walls: false, snap: true, params: [['damping', 'Damping', 0.75, 0, 1, 0.05]], body: '        snap = UISnapBehavior(item: frog, snapTo: point)\n        snap.damping = 0.75' },
  { id: 'push', title: 'Push', summary: 'Press to shove the dragon away from the centre.', gestures: ['push'], scene: () => [dragon(187.5, 333.5), { name: 'centre', shape: 'rect', w: 8, h: 8, color: '#000000', x: 187.5, y: 333.5, fixed: true }], g: 0, walls: true, elasticity: 0.8, drag: 0.6, params: [], body: '        pushBehavior = UIPushBehavior(items: [dragon], mode: .instantaneous)\n        pushBehavior.angle = 0.0\n        pushBehavior.magnitude = 0.0' },
  { id: 'properties', title: 'Item properties', summary: 'The same forces, two different materials.', gestures: ['tap'], scene: () => [frog(110, 120), dragon(265, 120)], g: 1000, walls: true, elasticity: 0.95, params: [['elasticity', 'Frog elasticity', 1, 0, 1, 0.05], ['density', 'Frog density', 3, 0.1, 10, 0.1]], body: '        let properties = UIDynamicItemBehavior(items: [frog])\n        properties.elasticity = 1.0\n        properties.allowsRotation = false' },
  { id: 'alert', title: 'Alert', summary: 'An alert that drops in, wobbles and tumbles away.', gestures: ['tap', 'pan'], scene: () => [{ name: 'button', shape: 'rect', w: 160, h: 44, color: '#0a6cff', cornerRadius: 10, text: 'Show Alert', x: 187.5, y: 600, fixed: true }], g: 0, walls: false, params: [], body: '        // The example application.' },
  { id: 'race', title: 'Race', summary: 'Continuous against instantaneous push.', gestures: ['tap'], scene: () => [{ name: 'red', shape: 'rect', w: 50, h: 50, color: '#e53935', x: 40, y: 100 }, { name: 'blue', shape: 'rect', w: 50, h: 50, color: '#1e88e5', x: 220, y: 100 }], g: 300, walls: false, params: [], body: '        let continuousPush = UIPushBehavior(items: [red], mode: .continuous)' },
  { id: 'barrier', title: 'Barrier', summary: 'A square falls and settles on a barrier line.', gestures: ['tap'], scene: () => [{ name: 'square', shape: 'rect', w: 100, h: 100, color: '#8e24aa', x: 150, y: 100 }], g: 1000, walls: true, floor: 350, elasticity: 0.5, params: [], body: '        collision.addBoundary(withIdentifier: "barrier" as NSCopying, from: CGPoint(x: 0, y: 350), to: CGPoint(x: 375, y: 350))' },
  { id: 'drops', title: 'Drops', summary: 'Tap to drop blocks that pile up.', gestures: ['tap'], scene: () => [], g: 1000, walls: true, drops: true, params: [], body: '        // A block of random colour at a random column.' },
  { id: 'hoop', title: 'Hoop', summary: 'Swipe to throw the ball at the hoop.', gestures: ['push'], scene: () => [{ name: 'ball', shape: 'ellipse', w: 28, h: 28, color: '#ef6c00', x: 80, y: 560 }, { name: 'board', shape: 'rect', w: 90, h: 60, color: '#eceff1', x: 300, y: 200, fixed: true }], g: 800, walls: true, elasticity: 0.7, params: [], body: '        let push = UIPushBehavior(items: [ball], mode: .instantaneous)' },
  { id: 'fields', title: 'Fields', summary: 'Tap to move the field; items swirl around it.', gestures: ['tap'], scene: () => [0, 1, 2, 3, 4].map((k) => ({ name: `item${k}`, shape: 'ellipse', w: 30, h: 30, color: '#00897b', x: 80 + 50 * k, y: 200 + 40 * k })), g: 0, walls: true, params: [], body: '        let field = UIFieldBehavior.radialGravityField(position: view.center)' },
].map((l, i) => ({ ...l, order: i + 1, code: code(l.title, l.body) }));
const LESSON = new Map(LESSONS.map((l) => [l.id, l]));

// ------------------------------------------------------------------ rooms

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const rooms = new Map();
let memberSeq = 0;

function newCode() {
  for (;;) {
    let c = '';
    for (let i = 0; i < 6; i++) c += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
    if (!rooms.has(c)) return c;
  }
}

class Room {
  constructor(id, lessonId, shared) {
    this.id = id;
    this.shared = shared;
    this.clients = new Set();
    this.key = shared ? crypto.randomBytes(16).toString('hex') : null;
    this.paused = false;
    this.locked = false;
    this.controller = null;
    this.seq = 0;
    this.load(lessonId);
  }

  load(lessonId) {
    this.lesson = LESSON.get(lessonId);
    this.params = Object.fromEntries(this.lesson.params.map(([n, , v]) => [n, v]));
    this.reset();
  }

  reset() {
    this.time = 0;
    this.nextId = 1;
    this.items = this.lesson.scene().map((d) => this.make(d));
    this.touched = new Set();
    this.snapTo = null;
    this.panPoint = null;
    this.attachLen = null;
    if (this.lesson.attach && this.items.length >= 2) {
      const [a, b] = this.items;
      this.attachLen = this.lesson.attach === 'spring' ? 100 : Math.hypot(b.x - a.x, b.y - a.y);
    }
    this.restFrames = 0;
    this.moving = true;
  }

  make(d) {
    return { id: this.nextId++, angle: 0, alpha: 1, vx: 0, vy: 0, av: 0, color: '#888888', ...d };
  }

  describe(it) {
    const o = { id: it.id, name: it.name, shape: it.shape, w: it.w, h: it.h, color: it.color, x: it.x, y: it.y, angle: it.angle, alpha: it.alpha };
    for (const k of ['sprite', 'text', 'cornerRadius']) if (it[k] !== undefined) o[k] = it[k];
    return o;
  }

  lines() {
    if (this.lesson.attach && this.items.length >= 2) {
      const [a, b] = this.items;
      return [[a.x, a.y, b.x, b.y]];
    }
    return [];
  }

  boundaries() {
    const out = [];
    if (this.lesson.walls) out.push({ id: null, points: [[0, 0], [W, 0], [W, H], [0, H]], closed: true });
    if (this.lesson.floor) out.push({ id: 'barrier', points: [[0, this.lesson.floor], [W, this.lesson.floor]], closed: false });
    return out;
  }

  paramList() {
    return this.lesson.params.map(([name, label, , min, max, step]) => ({ name, label, value: this.params[name], min, max, step }));
  }

  members() {
    return [...this.clients].map((c) => ({ id: c.member, name: c.name, role: c.role }));
  }

  welcome(c) {
    return {
      type: 'welcome', protocol: 1, room: this.id, code: this.shared ? this.id : null, role: c.role, key: c.role === 'instructor' ? this.key : undefined, you: c.member,
      lesson: { id: this.lesson.id, title: this.lesson.title, summary: this.lesson.summary, code: this.lesson.code, order: this.lesson.order, gestures: this.lesson.gestures },
      bounds: { w: W, h: H }, rate: RATE, time: this.time, items: this.items.map((i) => this.describe(i)), boundaries: this.boundaries(), lines: this.lines(),
      params: this.paramList(), clients: this.clients.size, members: this.members(), paused: this.paused, locked: this.locked, controller: this.controller,
    };
  }

  broadcast(m) {
    const s = JSON.stringify(m);
    for (const c of this.clients) c.sendText(s);
  }

  sendFrame(only = null) {
    const frame = encodeFrame({ seq: this.seq++, time: this.time, paused: this.paused, items: this.items.map((i) => ({ id: i.id, x: i.x, y: i.y, angle: i.angle, alpha: i.alpha, atRest: !this.moving })), lines: this.lines() });
    for (const c of only ? [only] : this.clients) c.sendBinary(frame);
  }

  event(name, text, item) {
    this.broadcast({ type: 'event', name, text, item });
  }

  presence() {
    this.broadcast({ type: 'presence', clients: this.clients.size, members: this.members() });
  }

  roomState() {
    this.broadcast({ type: 'room', paused: this.paused, locked: this.locked, lesson: this.lesson.id, controller: this.controller });
  }

  sceneChanged() {
    this.broadcast({ type: 'scene', items: this.items.map((i) => this.describe(i)), boundaries: this.boundaries() });
    this.sendFrame();
  }

  // A toy engine: enough motion for the page to show and the tests to see.
  step(dt) {
    const L = this.lesson;
    const g = (this.params.gravity !== undefined ? this.params.gravity * 1000 : L.g) || 0;
    const e = this.params.elasticity ?? L.elasticity ?? 0.4;
    let energy = 0;
    const [a, b] = this.items;
    for (const it of this.items) {
      if (it.fixed) continue;
      if (L.attach && it === a && this.panPoint) {
        it.x = this.panPoint.x;
        it.y = this.panPoint.y;
        it.vx = it.vy = 0;
        continue;
      }
      if (L.attach && it === a) continue;
      it.vy += g * dt;
      if (L.snap && this.snapTo) {
        const k = 120;
        const c = 2 * (1 - (this.params.damping ?? 0.75)) * Math.sqrt(k) + 6;
        it.vx += (k * (this.snapTo.x - it.x) - c * it.vx) * dt;
        it.vy += (k * (this.snapTo.y - it.y) - c * it.vy) * dt;
        it.av += (-it.vx * 0.002 - it.angle * 40 - it.av * 6) * dt;
      }
      if (L.drag) {
        it.vx *= 1 - L.drag * dt;
        it.vy *= 1 - L.drag * dt;
      }
      it.x += it.vx * dt;
      it.y += it.vy * dt;
      it.angle += it.av * dt;
      if (L.walls) {
        const hw = it.w / 2;
        const hh = it.h / 2;
        const floor = L.floor && it.y < L.floor ? L.floor : H;
        let hit = false;
        if (it.x < hw) [it.x, it.vx, hit] = [hw, Math.abs(it.vx) * e, true];
        if (it.x > W - hw) [it.x, it.vx, hit] = [W - hw, -Math.abs(it.vx) * e, true];
        if (it.y < hh) [it.y, it.vy, hit] = [hh, Math.abs(it.vy) * e, true];
        if (it.y > floor - hh) {
          it.y = floor - hh;
          it.vy = Math.abs(it.vy) > 60 ? -Math.abs(it.vy) * e : 0;
          it.vx *= 0.98;
          hit = true;
        }
        if (hit && !this.touched.has(it.id) && (it.sprite || L.floor)) {
          this.touched.add(it.id);
          const label = it.name ? it.name[0].toUpperCase() + it.name.slice(1) : 'Item';
          this.event('collision-began', `${label} Collided`, it.id);
        }
      }
      if (L.id === 'fields') {
        const c = this.snapTo || { x: W / 2, y: H / 2 };
        const dx = c.x - it.x;
        const dy = c.y - it.y;
        it.vx += (dx * 2 - dy * 3) * dt;
        it.vy += (dy * 2 + dx * 3) * dt;
        it.vx *= 0.99;
        it.vy *= 0.99;
      }
      energy += it.vx * it.vx + it.vy * it.vy + it.av * it.av * 1000;
    }
    if (L.attach && a && b) {
      // Keep the dragon at the attachment length (rod) or pull it there (spring).
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const d = Math.hypot(dx, dy) || 1;
      if (L.attach === 'rod') {
        b.x = a.x + (dx / d) * this.attachLen;
        b.y = a.y + (dy / d) * this.attachLen;
      } else {
        const k = (2 * Math.PI * (this.params.frequency ?? 1)) ** 2;
        const c = 2 * (this.params.damping ?? 0.1) * Math.sqrt(k);
        const f = -k * (d - this.attachLen);
        b.vx += ((f * dx) / d - c * b.vx) * dt;
        b.vy += ((f * dy) / d - c * b.vy) * dt;
      }
      b.x = Math.min(W - 50, Math.max(50, b.x));
      b.y = Math.min(H - 50, Math.max(50, b.y));
      energy += b.vx * b.vx + b.vy * b.vy;
    }
    if (L.id === 'gravity' || L.id === 'race') energy += 1; // falls forever
    return energy;
  }

  tick() {
    if (!this.clients.size) return;
    if (this.paused) return;
    const dt = 1 / RATE;
    this.time += dt;
    if (!this.moving) return;
    const energy = this.step(dt);
    this.restFrames = energy < 4 && !this.panPoint ? this.restFrames + 1 : 0;
    if (this.restFrames > 20) this.moving = false;
    this.sendFrame();
  }

  wake() {
    this.moving = true;
    this.restFrames = 0;
  }

  allowed(c) {
    return !this.locked || c.role === 'instructor' || this.controller === c.member;
  }

  receive(c, m) {
    const num = (v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e5;
    const err = (code, message) => c.sendText(JSON.stringify({ type: 'error', code, message }));
    switch (m.type) {
      case 'ping':
        return c.sendText(JSON.stringify({ type: 'pong', id: m.id }));
      case 'tap':
      case 'push':
      case 'pan': {
        if (!num(m.x) || !num(m.y)) return err('bad-value', 'x and y must be numbers');
        if (!this.allowed(c)) return err('forbidden', 'the room is locked');
        return this.gesture(m);
      }
      case 'reset':
        if (!this.allowed(c)) return err('forbidden', 'the room is locked');
        this.reset();
        this.event('reset', 'Started again');
        return this.sceneChanged();
      case 'set': {
        const p = this.lesson.params.find(([n]) => n === m.param);
        if (!p || !num(m.value) || m.value < p[3] || m.value > p[4]) return err('bad-value', `bad parameter ${m.param}`);
        if (!this.allowed(c)) return err('forbidden', 'the room is locked');
        this.params[m.param] = m.value;
        this.wake();
        return this.broadcast({ type: 'params', params: this.paramList() });
      }
      case 'claim':
        if (!this.key || m.key !== this.key) return err('forbidden', 'wrong key');
        c.role = 'instructor';
        this.presence();
        return c.sendText(JSON.stringify({ type: 'room', paused: this.paused, locked: this.locked, lesson: this.lesson.id, controller: this.controller, role: 'instructor' }));
      case 'control': {
        if (c.role !== 'instructor') return err('forbidden', 'instructor only');
        const a = m.action;
        if (a === 'pause' || a === 'resume') {
          this.paused = a === 'pause';
          this.event(a === 'pause' ? 'paused' : 'resumed', a === 'pause' ? 'Paused by the instructor' : 'Resumed');
          this.roomState();
          this.sendFrame();
        } else if (a === 'step') {
          this.time += 1 / RATE;
          this.step(1 / RATE);
          this.sendFrame();
        } else if (a === 'lock' || a === 'unlock') {
          this.locked = a === 'lock';
          if (!this.locked) this.controller = null;
          this.event(a === 'lock' ? 'locked' : 'unlocked', a === 'lock' ? 'Locked by the instructor' : 'Unlocked');
          this.roomState();
        } else if (a === 'give') {
          this.controller = m.member ?? null;
          this.roomState();
        } else if (a === 'lesson' && LESSON.has(m.lesson)) {
          this.load(m.lesson);
          for (const cl of this.clients) {
            cl.sendText(JSON.stringify(this.welcome(cl)));
            this.sendFrame(cl);
          }
        } else return err('bad-value', 'unknown action');
        return;
      }
      default:
        return err('bad-message', 'unknown type');
    }
  }

  gesture(m) {
    const L = this.lesson;
    this.wake();
    const [a] = this.items;
    if (m.type === 'tap' && L.gestures.includes('tap')) {
      if (L.snap || L.id === 'fields') this.snapTo = { x: m.x, y: m.y };
      else if (L.drops) {
        const col = Math.floor(Math.random() * 10);
        const colors = ['#e53935', '#1e88e5', '#43a047', '#fdd835', '#8e24aa', '#fb8c00'];
        this.items.push(this.make({ name: 'block', shape: 'rect', w: 37.5, h: 37.5, color: colors[col % colors.length], x: 18.75 + col * 37.5, y: 20 }));
        this.sceneChanged();
      } else if (L.id === 'alert') {
        this.event('tap', 'Show Alert tapped');
      } else {
        this.reset();
        this.sceneChanged();
      }
    } else if (m.type === 'pan' && L.gestures.includes('pan') && L.attach && a) {
      this.panPoint = m.phase === 'began' || m.phase === 'changed' ? { x: m.x, y: m.y } : null;
      if (this.panPoint) {
        a.x = m.x;
        a.y = m.y;
      }
    } else if (m.type === 'push' && L.gestures.includes('push')) {
      const target = this.items[0];
      let dx = m.dx;
      let dy = m.dy;
      let mag;
      if (!num2(dx) || !num2(dy)) {
        dx = m.x - W / 2;
        dy = m.y - H / 2;
        mag = Math.min(Math.hypot(dx, dy), 100) / 100;
      } else mag = Math.min(Math.hypot(dx, dy), 200) / 100;
      const d = Math.hypot(dx, dy) || 1;
      target.vx += (dx / d) * mag * 900;
      target.vy += (dy / d) * mag * 900;
      target.av += mag * 4;
    }
  }
}
function num2(v) {
  return typeof v === 'number' && Number.isFinite(v);
}

for (const l of LESSONS) rooms.set(l.id, new Room(l.id, l.id, false));
setInterval(() => {
  for (const r of rooms.values()) r.tick();
}, 1000 / RATE);

// ------------------------------------------------------------------ HTTP

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.ico': 'image/x-icon' };
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

function send(res, status, type, body, extra = {}) {
  res.writeHead(status, { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': CSP, 'Cache-Control': 'no-cache', ...extra });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/healthz') return send(res, 200, 'text/plain', 'ok');
  if (url.pathname === '/api/lessons') return send(res, 200, 'application/json', JSON.stringify(LESSONS.map(({ id, title, summary, order }) => ({ id, title, summary, order }))));
  if (url.pathname === '/api/rooms') return send(res, 200, 'application/json', JSON.stringify([...rooms.values()].map((r) => ({ id: r.id, lesson: r.lesson.id, clients: r.clients.size, shared: r.shared }))));
  let p;
  try {
    p = decodeURIComponent(url.pathname);
  } catch {
    return send(res, 400, 'text/plain', 'bad path');
  }
  if (p.includes('..') || p.includes('\0')) return send(res, 404, 'text/plain', 'not found');
  if (p.endsWith('/')) p += 'index.html';
  const file = path.join(WEB, p);
  if (!file.startsWith(WEB + path.sep)) return send(res, 404, 'text/plain', 'not found');
  fs.readFile(file, (err, data) => {
    if (err) return send(res, 404, 'text/plain', 'not found');
    send(res, 200, TYPES[path.extname(file)] || 'application/octet-stream', data);
  });
});

// ------------------------------------------------------------------ WebSocket

class Client {
  constructor(socket, room, name, role) {
    this.socket = socket;
    this.room = room;
    this.name = name;
    this.role = role;
    this.member = ++memberSeq;
    this.buf = Buffer.alloc(0);
  }
  frame(op, payload) {
    if (this.socket.destroyed) return;
    const n = payload.length;
    const head = n < 126 ? Buffer.from([0x80 | op, n]) : n < 65536 ? Buffer.from([0x80 | op, 126, n >> 8, n & 255]) : (() => {
      const h = Buffer.alloc(10);
      h[0] = 0x80 | op;
      h[1] = 127;
      h.writeBigUInt64BE(BigInt(n), 2);
      return h;
    })();
    this.socket.write(Buffer.concat([head, payload]));
  }
  sendText(s) {
    this.frame(1, Buffer.from(s, 'utf8'));
  }
  sendBinary(ab) {
    this.frame(2, Buffer.from(ab));
  }
  close(code, reason = '') {
    const b = Buffer.alloc(2 + Buffer.byteLength(reason));
    b.writeUInt16BE(code, 0);
    b.write(reason, 2);
    this.frame(8, b);
    this.socket.end();
  }
  data(chunk) {
    this.buf = Buffer.concat([this.buf, chunk]);
    for (;;) {
      if (this.buf.length < 2) return;
      const op = this.buf[0] & 15;
      let len = this.buf[1] & 127;
      let off = 2;
      if (len === 126) {
        if (this.buf.length < 4) return;
        len = this.buf.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (this.buf.length < 10) return;
        len = Number(this.buf.readBigUInt64BE(2));
        off = 10;
      }
      if (this.buf.length < off + 4 + len) return;
      const mask = this.buf.subarray(off, off + 4);
      const payload = Buffer.from(this.buf.subarray(off + 4, off + 4 + len));
      for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3];
      this.buf = this.buf.subarray(off + 4 + len);
      if (op === 8) return this.close(1000);
      if (op === 9) this.frame(10, payload);
      if (op === 2) return this.close(1003, 'binary');
      if (op === 1) {
        let m;
        try {
          m = JSON.parse(payload.toString('utf8'));
        } catch {
          this.sendText(JSON.stringify({ type: 'error', code: 'bad-message', message: 'not JSON' }));
          continue;
        }
        if (!m || typeof m !== 'object' || typeof m.type !== 'string') {
          this.sendText(JSON.stringify({ type: 'error', code: 'bad-message', message: 'no type' }));
          continue;
        }
        this.room.receive(this, m);
      }
    }
  }
}

server.on('upgrade', (req, socket) => {
  const url = new URL(req.url, 'http://x');
  const protos = String(req.headers['sec-websocket-protocol'] || '').split(',').map((s) => s.trim());
  if (url.pathname !== '/ws' || !protos.includes('newtons.v1')) {
    socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    return;
  }
  const accept = crypto.createHash('sha1').update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: newtons.v1\r\n\r\n`);
  socket.setNoDelay(true);
  const name = (url.searchParams.get('name') || '').replace(/[\u0000-\u001f]/g, '').slice(0, 32);
  let room;
  let role = 'student';
  if (url.searchParams.has('room')) {
    room = rooms.get(url.searchParams.get('room')) || rooms.get(url.searchParams.get('room').toUpperCase());
  } else if (LESSON.has(url.searchParams.get('lesson'))) {
    const code = newCode();
    room = new Room(code, url.searchParams.get('lesson'), true);
    rooms.set(code, room);
    role = 'instructor';
  }
  const c = new Client(socket, room, name, role);
  if (!room) {
    c.sendText(JSON.stringify({ type: 'error', code: 'unknown-room', message: 'no such room' }));
    c.close(4404, 'unknown room');
    return;
  }
  room.clients.add(c);
  c.sendText(JSON.stringify(room.welcome(c)));
  room.sendFrame(c);
  room.presence();
  socket.on('data', (d) => c.data(d));
  const gone = () => {
    if (room.clients.delete(c)) room.presence();
  };
  socket.on('close', gone);
  socket.on('error', gone);
});

server.listen(PORT, HOST, () => {
  console.log(`mock newtons: http://${HOST}:${PORT}/ serving ${WEB}`);
});
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
