// The guide's Markdown wrapper with Debian's markdown-it and KaTeX (skipped without them):
// raw HTML stays text, links keep to http(s), formulas become MathML with no style attribute
// (the page's CSP forbids them), and every shipped guide's formulas typeset.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createRenderer, splitMath, mathML } from '../js/guide-markdown.js';

const MD = '/usr/share/javascript/markdown-it/markdown-it.js';
const KATEX = '/usr/share/javascript/katex/katex.mjs';
const have = existsSync(MD) && existsSync(KATEX);
const markdownit = have ? createRequire(import.meta.url)(MD) : null;
const katex = have ? (await import(KATEX)).default : null;
const ROOMS = new URL('../../Sources/Lessons/Rooms/', import.meta.url);

describe('splitMath', () => {
  test('inline and display math, dollars that are money, escaped dollars', () => {
    assert.deepEqual(splitMath('a $x^2$ b'), [{ math: false, text: 'a ' }, { math: true, display: false, text: 'x^2' }, { math: false, text: ' b' }]);
    assert.deepEqual(splitMath('$$\\omega = 2\\pi f$$'), [{ math: true, display: true, text: '\\omega = 2\\pi f' }]);
    assert.deepEqual(splitMath('costs $5 and $6 now'), [{ math: false, text: 'costs $5 and $6 now' }]);
    assert.deepEqual(splitMath('a \\$ b'), [{ math: false, text: 'a $ b' }]);
    assert.deepEqual(splitMath('$ x$'), [{ math: false, text: '$ x$' }], 'a space after the opening $ is no math');
    assert.deepEqual(splitMath('$a\n\nb$'), [{ math: false, text: '$a\n\nb$' }], 'math never spans paragraphs');
  });
});

describe('the renderer', { skip: !have && 'libjs-markdown-it or libjs-katex is not installed' }, () => {
  const r = have ? createRenderer(markdownit, katex) : null;

  test('raw HTML is shown as text: a <script> never becomes an element', () => {
    const html = r.render('Hi <script>alert(1)</script> <img src=x onerror=alert(2)>\n\n<div>block</div>');
    assert.ok(!/<script|<img|<div/i.test(html), html);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(html, /&lt;div&gt;block&lt;\/div&gt;/);
  });

  test('no images: a guide cannot make the page fetch anything', () => {
    const html = r.render('![pixel](https://tracker.example/p.png)');
    assert.ok(!/<img/.test(html), html);
    assert.match(html, /<a href="https:\/\/tracker.example\/p.png"[^>]*>pixel<\/a>/, 'a link the student may follow, at most');
  });

  test('javascript: and data: links are not links; others open apart, without an opener', () => {
    const html = r.render('[a](javascript:alert(1)) [b](data:text/html,x) [c](https://example.org/)');
    assert.ok(!/href="(javascript|data):/i.test(html), html);
    assert.match(html, /<a href="https:\/\/example.org\/" target="_blank" rel="noopener noreferrer">c<\/a>/);
  });

  test('formulas become MathML, inline and on their own, with no style attribute', () => {
    const html = r.render('The frequency $\\omega = 2\\pi f$ and\n\n$$\\zeta = \\frac{c}{2\\sqrt{km}}$$\n');
    assert.match(html, /<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML">/);
    assert.match(html, /<div class="math-display"><span class="katex"><math [^>]*display="block"/);
    assert.ok(!/\sstyle=/.test(html), 'a style attribute would break under the CSP');
  });

  test('a formula that does not parse shows its TeX, escaped, and no error styling', () => {
    const html = r.render('bad $\\frac{1}{$ and $<b>x</b>$');
    assert.match(html, /<code class="math-source">\\frac\{1\}\{<\/code>/);
    assert.ok(!/\sstyle=|<b>/.test(html), html);
    assert.equal(mathML(katex, '\\frac{1}{', false), null);
  });

  test('math inside code stays code', () => {
    assert.match(r.render('`$x$`'), /<code>\$x\$<\/code>/);
  });

  test('headings sit below the panel: # becomes h3', () => {
    assert.match(r.render('# Snap\n\n## More'), /<h3>Snap<\/h3>\n<h4>More<\/h4>/);
  });

  test('every shipped guide renders, every formula typesets, and nothing carries a style', () => {
    const files = readdirSync(ROOMS).filter((f) => f.endsWith('.md'));
    assert.ok(files.length >= 20, `only ${files.length} guides found`);
    let formulas = 0;
    for (const f of files) {
      const body = readFileSync(new URL(f, ROOMS), 'utf8').split(/^---$/m).slice(2).join('---');
      const html = r.render(body);
      formulas += (html.match(/<math /g) || []).length;
      assert.ok(!/math-source/.test(html), `${f}: a formula did not typeset`);
      assert.ok(!/\sstyle=/.test(html), `${f}: a style attribute`);
    }
    assert.ok(formulas > 10, `only ${formulas} formulas`);
  });

  test('without KaTeX the formulas stay as text', () => {
    const plain = createRenderer(markdownit, null);
    assert.match(plain.render('$x$'), /<p>\$x\$<\/p>/);
  });
});
