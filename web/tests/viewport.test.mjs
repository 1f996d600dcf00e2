import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitView, viewToCanvas, canvasToView, toClient, toView, inBounds, contextTransform, MAX_DPR } from '../js/viewport.js';

const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) <= eps, `${a} ≉ ${b}`);
const bounds = { w: 375, h: 667 };

test('a portrait view in a wide canvas is limited by height and centred horizontally', () => {
  const f = fitView(bounds, 1200, 667);
  assert.equal(f.scale, 1);
  assert.equal(f.offsetY, 0);
  assert.equal(f.offsetX, (1200 - 375) / 2);
});

test('a phone-portrait canvas is limited by width and centred vertically', () => {
  const f = fitView(bounds, 360, 800);
  close(f.scale, 360 / 375);
  assert.equal(f.offsetX, 0);
  close(f.offsetY, (800 - 667 * (360 / 375)) / 2);
});

test('the backing store is CSS size times devicePixelRatio, capped', () => {
  const f = fitView(bounds, 400, 700, 2);
  assert.equal(f.pixelWidth, 800);
  assert.equal(f.pixelHeight, 1400);
  const g = fitView(bounds, 100, 100, 10);
  assert.equal(g.dpr, MAX_DPR);
  assert.equal(g.pixelWidth, 100 * MAX_DPR);
  assert.equal(fitView(bounds, 100.4, 100.6, 1.5).pixelWidth, 151);
});

test('a margin keeps free space around the view', () => {
  const f = fitView(bounds, 375 + 40, 667 + 40, 1, 20);
  close(f.scale, 1);
  close(f.offsetX, 20);
  close(f.offsetY, 20);
});

test('view → canvas → view round-trips; the view corners land on the fitted rectangle', () => {
  const f = fitView(bounds, 900, 500, 2, 8);
  for (const [x, y] of [[0, 0], [375, 667], [187.5, 333.5], [12.3, 456.7]]) {
    const c = viewToCanvas(f, x, y);
    const v = canvasToView(f, c.x, c.y);
    close(v.x, x, 1e-9);
    close(v.y, y, 1e-9);
  }
  const br = viewToCanvas(f, 375, 667);
  close(br.x, f.offsetX + 375 * f.scale);
  close(br.y, 500 - f.offsetY);
});

test('toClient and toView add and remove the canvas position in the viewport', () => {
  const f = fitView(bounds, 375, 667);
  const rect = { left: 100, top: 50 };
  assert.deepEqual(toClient(f, rect, 10, 20), { x: 110, y: 70 });
  assert.deepEqual(toView(f, rect, 110, 70), { x: 10, y: 20 });
});

test('degenerate input still gives a usable fit', () => {
  const f = fitView(null, 0, NaN, 0);
  assert.ok(f.scale > 0 && Number.isFinite(f.offsetX) && Number.isFinite(f.offsetY));
  assert.equal(f.dpr, 1);
  assert.deepEqual(f.bounds, { w: 375, h: 667 });
  const g = fitView({ w: -5, h: 0 }, 200, 200);
  assert.deepEqual(g.bounds, { w: 375, h: 667 });
});

test('inBounds with slack', () => {
  const f = fitView(bounds, 375, 667);
  assert.equal(inBounds(f, { x: 0, y: 0 }), true);
  assert.equal(inBounds(f, { x: -1, y: 0 }), false);
  assert.equal(inBounds(f, { x: -1, y: 0 }, 2), true);
  assert.equal(inBounds(f, { x: 376, y: 10 }), false);
});

test('contextTransform maps view points to device pixels', () => {
  const f = fitView(bounds, 750, 1334, 2);
  const [a, b, c, d, e, ff] = contextTransform(f);
  assert.equal(b, 0);
  assert.equal(c, 0);
  close(a, 4);
  close(d, 4);
  // The view's bottom-right corner in device pixels is the canvas's.
  close(a * 375 + e, 1500);
  close(d * 667 + ff, 2668);
});
