import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initials, paletteIndex, clockText } from '../js/controls.js';

test('initials', () => {
  assert.equal(initials('Ada Lovelace'), 'AL');
  assert.equal(initials('  grace  '), 'G');
  assert.equal(initials('Jean de la Fontaine'), 'JF');
  assert.equal(initials(''), '?');
  assert.equal(initials(null), '?');
  assert.equal(initials('émile zola'), 'ÉZ');
});

test('palette index is stable and in range', () => {
  for (let i = 0; i < 50; i++) {
    const p = paletteIndex(i, `n${i}`);
    assert.ok(p >= 0 && p < 8);
    assert.equal(p, paletteIndex(i, `n${i}`));
  }
});

test('clock text', () => {
  assert.equal(clockText(new Date(2024, 0, 1, 9, 5, 7)), '09:05:07');
});
