// A guide's Markdown as HTML: markdown-it (Debian's libjs-markdown-it) with raw HTML off, since
// a teacher's guide is untrusted text (a tag shows as text, a javascript: link is dropped), and
// formulas (`$…$` inline, `$$…$$` on their own) typeset by KaTeX (libjs-katex) as MathML: its
// HTML output styles every glyph with a style attribute, which the page's CSP forbids, while
// MathML Core needs none. Both are served under /lib/; without them the text shows as it is.
// The renderer is pure (libraries handed in): node --test drives it with the same files.

import { addScript } from './scripts.js';

export const MARKDOWN_IT_URL = '/lib/markdown-it/markdown-it.js';
export const KATEX_URL = '/lib/katex/katex.mjs';

/** Headings inside a guide start at this level (the page's h1 and the panel's h2 are above). */
const HEADING_BASE = 3;

/**
 * Splits text into `{math, display, text}` pieces: `$$…$$` is display math, `$…$` inline math
 * when the `$` is not followed by a space and the closing one is not preceded by one nor
 * followed by a digit (so "$5 and $6" stays text), `\$` an escaped dollar.
 */
export function splitMath(src) {
  const out = [];
  let plain = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\' && src[i + 1] === '$') {
      plain += '$';
      i += 2;
      continue;
    }
    if (c === '$') {
      const display = src[i + 1] === '$';
      const open = display ? 2 : 1;
      const end = findClose(src, i + open, display);
      if (end > 0) {
        if (plain) out.push({ math: false, text: plain });
        plain = '';
        out.push({ math: true, display, text: src.slice(i + open, end) });
        i = end + open;
        continue;
      }
    }
    plain += c;
    i++;
  }
  if (plain) out.push({ math: false, text: plain });
  return out;
}

function findClose(src, from, display) {
  if (display) {
    const end = src.indexOf('$$', from);
    return end > from ? end : -1;
  }
  if (/\s/.test(src[from] || ' ')) return -1;
  for (let j = from; j < src.length; j++) {
    if (src[j] === '\\') {
      j++;
      continue;
    }
    if (src[j] === '\n' && src[j + 1] === '\n') return -1; // math never spans paragraphs
    if (src[j] === '$') return /\s/.test(src[j - 1]) || /\d/.test(src[j + 1] || '') ? -1 : j;
  }
  return -1;
}

/** KaTeX's MathML for `tex`, or null when it does not parse (the page then shows the TeX). */
export function mathML(katex, tex, display) {
  try {
    // throwOnError: its error rendering is a coloured span with a style attribute (the CSP).
    return katex.renderToString(tex, { output: 'mathml', displayMode: display, throwOnError: true, trust: false, strict: 'ignore', maxSize: 20, maxExpand: 200 });
  } catch {
    return null;
  }
}

/** A markdown-it plugin: `$…$` and `$$…$$` as math tokens, rendered by KaTeX as MathML. */
function mathPlugin(md, katex) {
  md.inline.ruler.after('escape', 'math', (state, silent) => {
    if (state.src[state.pos] !== '$') return false;
    const rest = state.src.slice(state.pos, state.posMax);
    const [first] = splitMath(rest);
    if (!first || !first.math || rest.startsWith('$$') !== first.display) return false;
    if (!silent) {
      const token = state.push('math', 'math', 0);
      token.content = first.text;
      token.meta = { display: first.display };
    }
    state.pos += first.text.length + (first.display ? 4 : 2);
    return true;
  });
  // `$$` on a line of its own opens a block that ends at the line that ends with `$$`.
  md.block.ruler.before('fence', 'math_block', (state, startLine, endLine, silent) => {
    const lineText = (n) => state.src.slice(state.bMarks[n] + state.tShift[n], state.eMarks[n]);
    const first = lineText(startLine);
    if (!first.startsWith('$$') || state.sCount[startLine] - state.blkIndent >= 4) return false;
    let body = first.slice(2);
    let line = startLine;
    let closed = body.trimEnd().endsWith('$$');
    if (closed) body = body.trimEnd().slice(0, -2);
    while (!closed && ++line < endLine) {
      const t = lineText(line);
      if (t.trimEnd().endsWith('$$')) {
        body += `\n${t.trimEnd().slice(0, -2)}`;
        closed = true;
      } else body += `\n${t}`;
    }
    if (!closed) return false;
    if (silent) return true;
    const token = state.push('math', 'math', 0);
    token.block = true;
    token.content = body.trim();
    token.meta = { display: true };
    token.map = [startLine, line + 1];
    state.line = line + 1;
    return true;
  });
  md.renderer.rules.math = (tokens, idx) => {
    const { content, meta } = tokens[idx];
    const html = mathML(katex, content, meta.display);
    const shown = html || `<code class="math-source">${md.utils.escapeHtml(content)}</code>`;
    return meta.display ? `<div class="math-display">${shown}</div>\n` : shown;
  };
}

/**
 * A renderer over the libraries: `render(markdown)` → HTML, raw HTML off, headings moved
 * below the panel's own, links opened in a new tab without an opener. `katex` may be null
 * (formulas then show as their TeX source).
 */
export function createRenderer(markdownit, katex = null) {
  const md = markdownit({ html: false, linkify: false, typographer: false, breaks: false });
  // No images: an untrusted guide must not make the page fetch anything (a tracking pixel).
  md.disable('image');
  if (katex) mathPlugin(md, katex);
  md.core.ruler.push('guide_headings', (state) => {
    for (const token of state.tokens) {
      if (token.type === 'heading_open' || token.type === 'heading_close') {
        token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_BASE - 1)}`;
      }
      if (token.type === 'inline') {
        for (const child of token.children || []) {
          if (child.type === 'link_open') {
            child.attrSet('target', '_blank');
            child.attrSet('rel', 'noopener noreferrer');
          }
        }
      }
    }
  });
  return { render: (src) => md.render(String(src || '')), inline: (src) => md.renderInline(String(src || '')) };
}

let loading = null;

/**
 * The renderer with the libraries from /lib/ (loaded once), or null when markdown-it is not
 * served: the guide then shows its text as it is. KaTeX missing only leaves formulas as TeX.
 */
export function loadRenderer({ doc = document, win = window } = {}) {
  if (!loading) {
    loading = (async () => {
      try {
        if (!win.markdownit) await addScript(doc, MARKDOWN_IT_URL);
      } catch {
        return null;
      }
      if (typeof win.markdownit !== 'function') return null;
      let katex = null;
      try {
        katex = (await import(KATEX_URL)).default;
      } catch {
        katex = null;
      }
      return createRenderer(win.markdownit, katex);
    })();
  }
  return loading;
}

/**
 * Puts Markdown into `el`: rendered when a renderer is at hand, else as plain text (the
 * element then keeps its line breaks through CSS, `[data-plain]`).
 */
export function showMarkdown(el, src, renderer, { inline = false } = {}) {
  if (renderer) {
    el.removeAttribute('data-plain');
    // The renderer's HTML: markdown-it escaped every tag of the guide; KaTeX wrote the math.
    el.innerHTML = inline ? renderer.inline(src) : renderer.render(src);
  } else {
    el.dataset.plain = 'true';
    el.textContent = src;
  }
}
