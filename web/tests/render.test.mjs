import './i18n-setup.mjs';
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { drawRoom, drawItem, luminance, textColorOn, overlaysAnimating, LABEL_SECONDS } from '../js/render.js';
import { drawSprite, SPRITE_NAMES } from '../js/sprites.js';
import { fitView } from '../js/viewport.js';

/** A 2D context that records calls and checks save/restore balance. */
function recorder() {
  const calls = [];
  let depth = 0;
  const ctx = new Proxy(
    {},
    {
      get(target, prop) {
        if (prop === 'calls') return calls;
        if (prop === 'depth') return depth;
        if (prop === 'measureText') return (t) => ({ width: t.length * 7 });
        if (prop in target) return target[prop];
        return (...args) => {
          if (prop === 'save') depth++;
          if (prop === 'restore') depth--;
          calls.push([prop, args]);
        };
      },
      set(target, prop, value) {
        target[prop] = value;
        calls.push(['set:' + String(prop), [value]]);
        return true;
      },
    },
  );
  return ctx;
}

const item = (o) => ({ id: 1, name: 'x', shape: 'rect', w: 50, h: 50, color: '#ff0000', x: 10, y: 20, angle: 0, alpha: 1, sprite: null, text: null, path: null, cornerRadius: 0, hidden: false, ...o });

describe('colours', () => {
  test('luminance and readable text colour', () => {
    assert.ok(luminance('#ffffff') > 0.99);
    assert.ok(luminance('#000000') < 0.01);
    assert.equal(textColorOn('#ffffff'), '#111111');
    assert.equal(textColorOn('#1a237e'), '#ffffff');
    assert.equal(textColorOn('#ff0000'), '#ffffff');
  });
});

describe('sprites', () => {
  test('frog and dragon draw with paths; unknown sprites are refused', () => {
    assert.deepEqual(SPRITE_NAMES, ['frog', 'dragon']);
    for (const name of SPRITE_NAMES) {
      const ctx = recorder();
      assert.equal(drawSprite(ctx, name, 100, 100), true);
      assert.ok(ctx.calls.filter(([c]) => c === 'fill').length > 10, name);
      assert.equal(ctx.depth, 0);
    }
    const ctx = recorder();
    assert.equal(drawSprite(ctx, 'unicorn', 100, 100), false);
    assert.equal(drawSprite(ctx, '__proto__', 100, 100), false);
    assert.equal(ctx.calls.length, 0);
  });

  test('the frog is green and the dragon red', () => {
    const fills = (name) => {
      const ctx = recorder();
      drawSprite(ctx, name, 100, 100);
      return ctx.calls.filter(([c]) => c === 'set:fillStyle').map(([, [v]]) => v);
    };
    const green = (hex) => parseInt(hex.slice(3, 5), 16) > parseInt(hex.slice(1, 3), 16);
    const frog = fills('frog').filter((c) => c.startsWith('#'));
    const dragon = fills('dragon').filter((c) => c.startsWith('#'));
    assert.ok(frog.filter(green).length > frog.length / 2, 'mostly green');
    assert.ok(dragon.filter((c) => !green(c)).length > dragon.length / 2, 'mostly red/orange');
  });

  test('a sprite scales to the item size', () => {
    const ctx = recorder();
    drawSprite(ctx, 'frog', 50, 200);
    assert.deepEqual(ctx.calls.find(([c]) => c === 'scale')[1], [0.5, 2]);
  });
});

describe('items', () => {
  test('shapes: rect, rounded rect, ellipse, path', () => {
    for (const [o, expect] of [[{}, 'rect'], [{ cornerRadius: 8 }, 'arcTo'], [{ shape: 'ellipse' }, 'ellipse'], [{ shape: 'path', path: [[0, 0], [10, 0], [5, 5]] }, 'lineTo']]) {
      const ctx = recorder();
      drawItem(ctx, item(o), item(o));
      assert.ok(ctx.calls.some(([c]) => c === expect), expect);
      assert.ok(ctx.calls.some(([c]) => c === 'fill'));
      assert.equal(ctx.depth, 0);
    }
  });

  test('position, rotation and alpha come from the state', () => {
    const ctx = recorder();
    drawItem(ctx, item({}), { x: 5, y: 6, angle: 0.5, alpha: 0.25 });
    assert.deepEqual(ctx.calls.find(([c]) => c === 'translate')[1], [5, 6]);
    assert.deepEqual(ctx.calls.find(([c]) => c === 'rotate')[1], [0.5]);
    assert.ok(ctx.calls.some(([c, [v]]) => c === 'set:globalAlpha' && v === 0.25));
  });

  test('hidden and fully transparent items are not drawn', () => {
    for (const st of [{ x: 0, y: 0, angle: 0, alpha: 1, hidden: true }, { x: 0, y: 0, angle: 0, alpha: 0 }]) {
      const ctx = recorder();
      drawItem(ctx, item({}), st);
      assert.equal(ctx.calls.length, 0);
    }
  });

  test('an item without fill (a label) draws only its text, in a dark colour', () => {
    const ctx = recorder();
    drawItem(ctx, item({ fill: false, text: 'Frog Collided', color: '#000000' }), item({}));
    assert.ok(!ctx.calls.some(([c]) => c === 'fill'));
    assert.equal(ctx.calls.find(([c]) => c === 'fillText')[1][0], 'Frog Collided');
    assert.ok(ctx.calls.some(([c, [v]]) => c === 'set:fillStyle' && v === '#111111'));
  });

  test('a sprite is drawn even when the view has no background', () => {
    const withFill = recorder();
    drawItem(withFill, item({ sprite: 'frog', w: 100, h: 100 }), item({}));
    const without = recorder();
    drawItem(without, item({ sprite: 'frog', w: 100, h: 100, fill: false }), item({}));
    assert.ok(without.calls.length > 10, 'the frog is drawn');
    assert.equal(without.calls.length, withFill.calls.length);
  });

  test('text is drawn centred, as text', () => {
    const ctx = recorder();
    drawItem(ctx, item({ text: 'Show Alert', w: 200, h: 44 }), item({}));
    const t = ctx.calls.find(([c]) => c === 'fillText');
    assert.equal(t[1][0], 'Show Alert');
  });
});

describe('drawRoom', () => {
  const fit = fitView({ w: 375, h: 667 }, 400, 700, 2);
  const scene = {
    items: [item({ id: 1, sprite: 'frog', w: 100, h: 100 }), item({ id: 2, sprite: 'dragon', w: 100, h: 100 }), item({ id: 3, hidden: true })],
    boundaries: [{ id: null, points: [[0, 0], [375, 0]], closed: true }, { id: 'barrier', points: [[0, 350], [375, 350]], closed: false }],
    lines: [],
  };

  test('draws from the interpolated state and does not change what it is given', () => {
    const state = { items: new Map([[1, { id: 1, x: 100, y: 300, angle: 0, alpha: 1, hidden: false }]]), lines: [[0, 0, 10, 10]] };
    const before = JSON.stringify(scene);
    const ctx = recorder();
    drawRoom(ctx, fit, scene, state, { labels: [{ text: 'Frog Collided', item: 1, born: 0 }], ripples: [{ x: 1, y: 1, born: 0 }], now: 0.1 });
    assert.equal(JSON.stringify(scene), before);
    assert.equal(ctx.depth, 0);
    assert.ok(ctx.calls.some(([c, a]) => c === 'translate' && a[0] === 100 && a[1] === 300));
    assert.ok(ctx.calls.some(([c, a]) => c === 'fillText' && a[0] === 'Frog Collided'));
    assert.ok(ctx.calls.some(([c, a]) => c === 'fillText' && a[0] === 'barrier'));
    assert.ok(ctx.calls.some(([c]) => c === 'clearRect'));
  });

  test('without a state, items are drawn where the scene says', () => {
    const ctx = recorder();
    drawRoom(ctx, fit, scene, null);
    assert.ok(ctx.calls.some(([c, a]) => c === 'translate' && a[0] === 10 && a[1] === 20));
  });

  test('overlays animate only while young', () => {
    assert.equal(overlaysAnimating([{ born: 0 }], [], LABEL_SECONDS - 0.01), true);
    assert.equal(overlaysAnimating([{ born: 0 }], [], LABEL_SECONDS + 0.01), false);
    assert.equal(overlaysAnimating([], [{ born: 0 }], 0.1), true);
  });
});

describe('springs', () => {
  test('a coil starts and ends exactly at the line ends and zigzags between', async () => {
    const { traceCoil } = await import('../js/render.js');
    const ctx = recorder();
    traceCoil(ctx, 0, 0, 0, 200);
    const pts = ctx.calls.filter(([c]) => c === 'moveTo' || c === 'lineTo').map(([, a]) => a);
    assert.deepEqual(pts[0], [0, 0]);
    assert.deepEqual(pts.at(-1), [0, 200]);
    const xs = pts.map(([x]) => x);
    assert.ok(Math.max(...xs) > 5 && Math.min(...xs) < -5, 'zigzags across the line');
    assert.ok(pts.length > 10);
    const short = recorder();
    traceCoil(short, 0, 0, 10, 0);
    assert.equal(short.calls.filter(([c]) => c === 'lineTo').length, 1);
  });

  test('drawRoom draws coils when asked', () => {
    const fit = fitView({ w: 375, h: 667 }, 400, 700, 1);
    const state = { items: new Map(), lines: [[100, 100, 100, 300]] };
    const plain = recorder();
    drawRoom(plain, fit, { items: [], boundaries: [] }, state);
    const coil = recorder();
    drawRoom(coil, fit, { items: [], boundaries: [] }, state, { springs: true });
    const count = (r) => r.calls.filter(([c]) => c === 'lineTo').length;
    assert.ok(count(coil) > count(plain) + 10);
  });
});
