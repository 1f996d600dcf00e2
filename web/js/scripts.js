// Classic scripts the page loads from the server's /lib/ (Debian's libjs-* packages, which
// ship UMD files, not ES modules): one <script> per file, in order.

/** Appends `<script src>` to the head; resolves when it has run, rejects when it cannot load. */
export function addScript(doc, src) {
  return new Promise((resolve, reject) => {
    const s = doc.createElement('script');
    s.src = src;
    s.async = false; // in order: a plugin needs its library first
    s.onload = resolve;
    s.onerror = () => reject(new Error(`cannot load ${src}`));
    doc.head.append(s);
  });
}
