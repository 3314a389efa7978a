/* Scorer's service worker (written by `scorer publish`): keeps every file of the site so that
 * the app opens with no network after the first visit.
 *
 * PRECACHE lists each file of this build with a hash of its content. A file is kept in the
 * cache under its URL plus that hash, so a new build downloads only the files that changed,
 * and the files of an older build are dropped once the new one is in place. A new build's
 * worker takes over once no page of the site is open, so a page is served by one worker, one
 * build, from its start to its end. Requests for the
 * page itself (any navigation inside the site) are answered with the kept index.html; anything
 * not in the list goes to the network as usual.
 *
 * PRECACHE.onDemand lists files kept the same way but fetched only when the page first asks
 * for them: the fallback fonts for names in other scripts (asked for by Flutter when a name
 * needs one, and all of them by the page once its home screen is up: decision 247), and both
 * renderers' files (Flutter picks skwasm or CanvasKit for the browser at hand: each phone
 * keeps only the one it uses).
 * A new build downloads at install the new revision of every such file the phone has kept.
 * Flutter asks for the fonts by its own URLs (fontFallbackBaseUrl + "notosanssc/v37/....woff2");
 * PRECACHE.fontFallbacks says which of ours answers each folder.
 *
 * The large files also exist as LZMA beside the originals (NAME.lzma): those are downloaded
 * instead and decoded here (scorerLzma, lzma.js at the end of this file, running lzma.c as
 * WebAssembly: decision 586), so a first visit costs about a quarter of the bytes on any
 * static host, compressing or not; a quarter fewer than gzip, which is all
 * DecompressionStream decodes in every engine (decision 440).
 */
const PRECACHE = /*PRECACHE*/{};
const CACHE = "scorer-site";
const scope = new URL(PRECACHE.base, self.location.origin);
const PACKED = new Set(PRECACHE.packed);
const TYPES = {
  html: "text/html; charset=utf-8", js: "text/javascript", mjs: "text/javascript",
  json: "application/json", wasm: "application/wasm", zip: "application/zip",
  gz: "application/gzip", png: "image/png", otf: "font/otf", ttf: "font/ttf",
  woff2: "font/woff2", frag: "application/octet-stream", bin: "application/octet-stream",
};

async function download(name) {
  const packed = PACKED.has(name);
  const response = await fetch(new URL(packed ? `${name}.lzma` : name, scope),
    { cache: "reload" });
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  let body = await response.arrayBuffer();
  if (packed) body = scorerLzma(new Uint8Array(body));
  const type = TYPES[name.split(".").pop()] || response.headers.get("Content-Type") ||
    "application/octet-stream";
  return new Response(body, { headers: { "Content-Type": type } });
}

const ON_DEMAND = PRECACHE.onDemand || {};
const FALLBACKS = PRECACHE.fontFallbacks || {};
const FALLBACK_BASE = "assets/fonts/"; // Flet's fontFallbackBaseUrl in a no-CDN page

function keyOf(name) {
  const url = new URL(name, scope);
  url.searchParams.set("__rev", PRECACHE.files[name] || ON_DEMAND[name]);
  return url.href;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const names = Object.keys(PRECACHE.files);
    const missing = [];
    for (const name of names) {
      if (!(await cache.match(keyOf(name)))) missing.push(name);
    }
    // A file kept on demand that this phone has used (an older revision is in the cache: its
    // renderer, a font) is downloaded now too, so an update never leaves it missing offline.
    const used = new Set((await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname.slice(scope.pathname.length);
    }));
    for (const name of Object.keys(ON_DEMAND)) {
      if (used.has(name) && !(await cache.match(keyOf(name)))) missing.push(name);
    }
    // A few at a time: a phone on a slow network gets steady progress, not 40 stalled fetches.
    let next = 0;
    async function worker() {
      while (next < missing.length) {
        const name = missing[next++];
        await cache.put(keyOf(name), await download(name));
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()]);
    // No skipWaiting: a new build's worker waits until no page of the site is open (the app
    // closed; a reload is not enough) and serves the next one from its start. Taking over a
    // page that is loading, as skipWaiting does whenever the old worker falls idle, left that
    // page on a mix of two workers and on Flet's "Working..." (issue 8).
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const wanted = new Set([...Object.keys(PRECACHE.files), ...Object.keys(ON_DEMAND)]
      .map(keyOf));
    for (const request of await cache.keys()) {
      if (!wanted.has(request.url)) await cache.delete(request);
    }
    await self.clients.claim();
  })());
});

function nameOf(url) {
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  const name = url.pathname.slice(scope.pathname.length);
  if (name === "" || name === "index.html") return "index.html";
  if (has(PRECACHE.files, name) || has(ON_DEMAND, name)) return name;
  if (name.startsWith(FALLBACK_BASE)) { // Flutter's own URL for a fallback font
    const folder = name.slice(FALLBACK_BASE.length).split("/")[0];
    if (has(FALLBACKS, folder)) return FALLBACKS[folder];
  }
  return null;
}

function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

const fetching = new Map(); // name -> its download under way (Flutter asks for several slices)

async function onDemand(cache, name) {
  // Kept after the first time; the same font answers every folder (and slice) it stands for.
  if (!fetching.has(name)) {
    fetching.set(name, download(name).then(async (response) => {
      await cache.put(keyOf(name), response.clone());
      return response;
    }).finally(() => fetching.delete(name)));
  }
  return (await fetching.get(name)).clone();
}

// Asked by the page once its home screen is up (decision 247): every fallback font is kept
// now, in the background, so that a phone offline later draws a name in any of their scripts
// (it never asked for the font while online). One at a time; offline, the rest wait for the
// next opening.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.scorer !== "keep-fonts") return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const name of new Set(Object.values(FALLBACKS))) {
      if (!has(ON_DEMAND, name) || await cache.match(keyOf(name))) continue;
      try {
        await onDemand(cache, name);
      } catch (error) {
        console.warn(`Scorer: ${name} not kept for offline use yet (${error})`);
        return;
      }
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin === scope.origin &&
      url.pathname.startsWith(`${scope.pathname}no-rive`)) { // (see publish.py: not shipped)
    event.respondWith(new Response("", { status: 404 }));
    return;
  }
  const name = request.mode === "navigate" && nameOf(url) === null &&
    url.origin === scope.origin && url.pathname.startsWith(scope.pathname)
    ? "index.html" : nameOf(url);
  if (name === null) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(keyOf(name));
    if (kept) return kept;
    if (has(ON_DEMAND, name)) return onDemand(cache, name);
    return fetch(request);
  })());
});
