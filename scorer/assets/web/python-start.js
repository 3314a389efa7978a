// Scorer: how Python starts in this worker (`scorer publish` puts this in place of Flet's
// initPyodide in python-worker.js; the rest of that file is Flet's, unchanged).
//
// A visit with no snapshot of this build starts Pyodide as Flet does and runs the app; once the
// app is up, a second copy of this worker (a nested worker, in the background) starts another
// Pyodide made for snapshots, unpacks the app, imports Flet and Scorer, takes a memory snapshot
// of the interpreter and keeps it in Cache Storage under this build's hash, then ends. (The
// interpreter that makes a snapshot sees JavaScript's globals through a recording proxy, on
// which e.g. navigator.locks fails with "Illegal invocation": it cannot run the app itself.)
// The next visit restores that snapshot: no interpreter start, no imports; only the app's files
// are unpacked again (MEMFS lives in JavaScript, not in the snapshot). A snapshot that cannot
// be read, restored or run is dropped, marked as failed for this build, and Python starts the
// normal way (said on the console): a player never gets a broken app from it.
const SCORER_BUILD = "__SCORER_BUILD__";  // content hash of the runtime, the worker, the app
const SCORER_SNAPSHOTS = "scorer-python-snapshot";  // the Cache Storage cache: one entry
const SCORER_SNAPSHOT_URL = new URL("scorer-python-snapshot/" + SCORER_BUILD,
                                    self.location.href).href;
// Imported before the snapshot: the modules the app had imported when its home screen was up,
// except these (JavaScript objects, which a snapshot cannot hold, and the app's start).
const SCORER_NOT_WARM = new Set(__SCORER_NOT_WARM__);
self.scorerMark = function (name) {
    console.log("Scorer mark: " + name + " " + Date.now());
};

// The snapshot of this build, if there is one, being read from now on (scorerSnapshotRead);
// null if there is none (or the cache cannot be read). Kept without its runs of zeros
// (scorerPacked), not gzipped: gunzipping its 38 MB took this worker's thread for half a second
// on a quiet 2-core machine, before anything else of Python's start could run here (decision
// 450).
async function scorerReadSnapshot() {
    if (!self.caches) {
        return null;
    }
    try {
        const cache = await caches.open(SCORER_SNAPSHOTS);
        const response = await cache.match(SCORER_SNAPSHOT_URL);
        if (!response) {
            return null;
        }
        return scorerSnapshotRead(response);
    } catch (error) {
        console.warn("Scorer: the Python snapshot could not be read (" + error + ")");
        return null;
    }
}

async function scorerDropSnapshots() {
    try {
        const cache = await caches.open(SCORER_SNAPSHOTS);
        for (const request of await cache.keys()) {
            await cache.delete(request);
        }
    } catch (error) {
        console.warn("Scorer: old Python snapshots not dropped (" + error + ")");
    }
}

// A snapshot of this build that failed is dropped, and none is made again for this build.
async function scorerSnapshotBroken() {
    await scorerDropSnapshots();
    try {
        const cache = await caches.open(SCORER_SNAPSHOTS);
        await cache.put(SCORER_SNAPSHOT_URL + "-failed", new Response("failed"));
    } catch (error) {
        console.warn("Scorer: " + error);
    }
}

// A snapshot as kept: [SCORER_PACKED, the heap's length, N, then N (offset, length) pairs, all
// 32-bit] and then those N runs of the heap, in order; every 4 KiB page of the heap outside them
// is zeros (about 40 % of it: wasm memory grown and not used). A copy of memory, no compression.
const SCORER_PACKED = 0x31535a53;  // "SZS1", little-endian
const SCORER_PAGE = 4096;

function scorerPacked(bytes) {
    if (bytes.byteOffset % 4) {
        bytes = bytes.slice();
    }
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
    const zeros = (at) => {  // is the page at byte offset ``at`` all zeros?
        const end = Math.min(at + SCORER_PAGE, bytes.byteLength);
        for (let word = at >>> 2; word < end >>> 2; word++) {
            if (words[word]) {
                return false;
            }
        }
        for (let at2 = end & ~3; at2 < end; at2++) {
            if (bytes[at2]) {
                return false;
            }
        }
        return true;
    };
    const runs = [];
    for (let at = 0; at < bytes.byteLength; at += SCORER_PAGE) {
        if (zeros(at)) {
            continue;
        }
        const last = runs[runs.length - 1];
        const length = Math.min(SCORER_PAGE, bytes.byteLength - at);
        if (last && last[0] + last[1] === at) {
            last[1] += length;
        } else {
            runs.push([at, length]);
        }
    }
    const head = new Uint32Array([SCORER_PACKED, bytes.byteLength, runs.length, ...runs.flat()]);
    return new Blob([head, ...runs.map(([at, length]) => bytes.subarray(at, at + length))]);
}

// A kept snapshot read from ``response`` (decision 594), as promises:
// - ``header``: what Pyodide is handed as the snapshot (its _loadSnapshot): Pyodide's header
//   alone (its magic number, build and JavaScript state: the bytes before the heap);
// - ``heapLength``: the size of the wasm memory the snapshot holds (the memory is grown to it);
// - ``heap``: {fill(memory)}, which writes the heap into the wasm memory (a Uint8Array of it)
//   from the kept runs, zeros between them: no 38 MB copy of the heap is made first, and
//   Pyodide's own restore then copies nothing.
// A body not in the packed form is handed to Pyodide whole (``heap`` null), which then says
// what is wrong with it; a packed body cut short or out of shape fails every promise.
function scorerSnapshotRead(response) {
    const read = response.arrayBuffer().then((buffer) => {
        self.scorerMark("snapshot read");
        const body = new Uint8Array(buffer);
        const head = new Uint32Array(buffer, 0, Math.min(3, buffer.byteLength >>> 2));
        if (head.length < 3 || head[0] !== SCORER_PACKED) {
            const start = body.length >= 8 ? new Uint32Array(buffer, 0, 2)[1] : 0;
            return {header: body, heapLength: body.length - start, heap: null};
        }
        const tableEnd = 12 + 8 * head[2];
        if (tableEnd > body.length) {
            throw new Error("the kept snapshot is cut short");
        }
        const table = new Uint32Array(buffer, 12, 2 * head[2]);
        const runs = [];
        let from = tableEnd;
        for (let run = 0; run < head[2]; run++) {
            const at = table[2 * run];
            const length = table[2 * run + 1];
            const last = runs[runs.length - 1];
            if (at + length > head[1] || (last && at < last[0] + last[1])) {
                throw new Error("the kept snapshot's runs are out of shape");
            }
            runs.push([at, length, from]);
            from += length;
        }
        if (from !== body.length) {
            throw new Error("the kept snapshot is cut short");
        }
        // Pyodide's header: its second word is where the heap starts.
        const start = new Uint32Array(scorerBytes(runs, body, 0, 8).buffer)[1];
        const end = head[1] - start;  // the heap's length
        return {header: scorerBytes(runs, body, 0, start), heapLength: end, heap: {
            fill(memory) {
                if (memory.length < end) {
                    throw new Error("the wasm memory is smaller than the snapshot's heap");
                }
                let at = 0;  // in the heap
                for (const [offset, length, from] of runs) {
                    const skip = Math.max(0, start - offset);  // (a run may begin in the header)
                    if (skip >= length) {
                        continue;
                    }
                    const to = offset + skip - start;
                    memory.fill(0, at, to);
                    memory.set(body.subarray(from + skip, from + length), to);
                    at = to + length - skip;
                }
                memory.fill(0, at, end);
            },
        }};
    });
    // Each part is awaited by the restore, which reports a failure, or not at all once one
    // has failed (then the others' failures are not reported again as unhandled).
    const part = (name) => {
        const promise = read.then((kept) => kept[name]);
        promise.catch(() => {});
        return promise;
    };
    return {header: part("header"), heapLength: part("heapLength"), heap: part("heap")};
}

// Bytes [from, to) of a packed snapshot (its runs, its body) as a new array.
function scorerBytes(runs, body, from, to) {
    const bytes = new Uint8Array(to - from);
    for (const [offset, length, at] of runs) {
        const start = Math.max(from, offset);
        const end = Math.min(to, offset + length);
        if (start < end) {
            bytes.set(body.subarray(at + start - offset, at + end - offset), start - from);
        }
    }
    return bytes;
}

async function scorerKeepSnapshot(bytes) {
    try {
        const packed = scorerPacked(bytes);
        await scorerDropSnapshots();
        const cache = await caches.open(SCORER_SNAPSHOTS);
        await cache.put(SCORER_SNAPSHOT_URL, new Response(packed, {
            headers: {"content-type": "application/octet-stream"}}));
        self.scorerMark("snapshot kept (" + bytes.length + " bytes, " + packed.size +
                        " kept)");
    } catch (error) {
        console.warn("Scorer: the Python snapshot was not kept (" + error + ")");
    }
}

async function scorerAppArchive() {
    const response = await fetch(self.appPackageUrl);
    if (!response.ok) {
        throw new Error("Failed to download app package: HTTP " + response.status + " " +
                        self.appPackageUrl);
    }
    return new Uint8Array(await response.arrayBuffer());
}

// The tar in app.tar.gz (a Uint8Array). `scorer publish` stores it without deflating (the
// archive travels as LZMA: pack.py), so its deflate stream is a run of stored blocks, each a
// header byte, its length, the length's complement and that many bytes of the tar: those are
// copied out as they are (a few ms), where DecompressionStream took 45-60 ms of this worker's
// thread for the 3.5 MB on a repeat visit's path (decision 590). The blocks' lengths, their
// complements and the trailer's length are checked, so a file cut short or out of shape is
// not taken; the CRC is not: a byte changed inside the tar would pass, as it does in every
// other file the service worker keeps (the site's own cache, decoded from its LZMA download,
// which has no check of its own). Anything else (a header with optional fields, a deflated
// block, lengths that do not add up) is inflated by DecompressionStream, as before.
async function scorerTar(archive) {
    const stored = scorerStoredTar(archive);
    if (stored) {
        return stored;
    }
    const stream = new Blob([archive]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The tar of a gzip whose deflate stream is only stored blocks, or null.
function scorerStoredTar(gz) {
    // The header: magic, deflate, no flags (no name, comment, extra field or header CRC).
    if (gz.length < 18 || gz[0] !== 0x1f || gz[1] !== 0x8b || gz[2] !== 8 || gz[3] !== 0) {
        return null;
    }
    const end = gz.length - 8;  // the trailer: CRC-32, then the length modulo 2^32
    const size = (gz[end + 4] | gz[end + 5] << 8 | gz[end + 6] << 16 | gz[end + 7] << 24) >>> 0;
    if (size > end) {  // stored blocks hold no more than the file does
        return null;
    }
    const tar = new Uint8Array(size);
    let at = 10;
    let filled = 0;
    for (;;) {
        if (at + 5 > end) {
            return null;
        }
        const header = gz[at];
        const length = gz[at + 1] | gz[at + 2] << 8;
        if ((header & ~1) !== 0 || (length ^ (gz[at + 3] | gz[at + 4] << 8)) !== 0xffff
                || at + 5 + length > end || filled + length > size) {
            return null;  // not a stored block (its type bits, or bits a stored one leaves 0)
        }
        tar.set(gz.subarray(at + 5, at + 5 + length), filled);
        filled += length;
        at += 5 + length;
        if (header & 1) {  // the last block
            return at === end && filled === size ? tar : null;
        }
    }
}
self.scorerTar = scorerTar;  // (these four for tests/e2e/test_published.py)
self.scorerStoredTar = scorerStoredTar;
self.scorerPacked = scorerPacked;
self.scorerSnapshotRead = scorerSnapshotRead;

// Unpack the app (app.tar.gz: regular files, PAX headers for long names) into the working
// folder, in JavaScript: Flet's worker does it with Python's tarfile, which takes several
// times as long in wasm. No JavaScript object is left with Python (the snapshot needs that).
async function scorerUnpack(pyodide, archive) {
    const tar = await scorerTar(archive);
    const text = new TextDecoder();
    const field = (at, length) => text.decode(tar.subarray(at, at + length)).replace(/\0.*$/s, "");
    const folders = new Set();
    let longName = null;
    for (let at = 0; at + 512 <= tar.length && tar[at] !== 0;) {
        const size = parseInt(field(at + 124, 12).trim() || "0", 8);
        const type = String.fromCharCode(tar[at + 156] || 48);
        const body = tar.subarray(at + 512, at + 512 + size);
        if (type === "x") {  // PAX header of the next entry: "LENGTH path=NAME\n" records
            for (const record of text.decode(body).split("\n")) {
                const match = /^\d+ path=(.*)$/s.exec(record);
                if (match) {
                    longName = match[1];
                }
            }
        } else if (type === "0") {
            const prefix = field(at + 345, 155);
            const name = longName || (prefix ? prefix + "/" : "") + field(at, 100);
            const folder = name.includes("/") ? name.slice(0, name.lastIndexOf("/")) : "";
            if (folder && !folders.has(folder)) {
                pyodide.FS.mkdirTree(folder);
                folders.add(folder);
            }
            pyodide.FS.writeFile(name, body);
            longName = null;
        } else if (type !== "g") {
            throw new Error("app.tar.gz: unexpected entry of type " + type);
        }
        at += 512 + Math.ceil(size / 512) * 512;
    }
    pyodide.runPython(`
import sys
if "__pypackages__" not in sys.path:
    sys.path.insert(0, "__pypackages__")
`);
}

const SCORER_OUTPUT = {
    stdout: (text) => self.sendPythonOutput(text, false),
    stderr: (text) => self.sendPythonOutput(text, true),
};

// Run ``load`` with Pyodide's wasm memory grown to ``bytes`` (a number, or its promise) as soon
// as it is instantiated.
// Pyodide's restore copies the snapshot into the memory as the module declared it (its
// INITIAL_MEMORY setting does not apply: the module exports its memory), so a snapshot larger
// than that fails ("RangeError: offset is out of bounds") unless the memory is grown first.
async function scorerWithMemory(bytes, load) {
    const streaming = WebAssembly.instantiateStreaming;
    const plain = WebAssembly.instantiate;
    async function grown(result) {
        const memory = result && result.instance && result.instance.exports.memory;
        if (memory instanceof WebAssembly.Memory) {
            const pages = Math.ceil((await bytes) / 65536) - memory.buffer.byteLength / 65536;
            if (pages > 0) {
                memory.grow(pages);
            }
        }
        return result;
    }
    WebAssembly.instantiateStreaming = async function (...args) {
        return grown(await streaming.apply(WebAssembly, args));
    };
    WebAssembly.instantiate = async function (...args) {
        return grown(await plain.apply(WebAssembly, args));
    };
    try {
        return await load();
    } finally {
        WebAssembly.instantiateStreaming = streaming;
        WebAssembly.instantiate = plain;
    }
}

// Pyodide's module factory (``asm``: the promise of pyodide.asm.mjs) for a restore from
// ``snapshot`` (scorerSnapshotRead): Pyodide's restore of the heap then writes it from the
// kept runs straight into the wasm memory.
function scorerRestoringModule(asm, snapshot) {
    return async function (settings) {
        const module = await (await asm).default(settings);
        const heap = await snapshot.heap;
        if (heap) {
            const restore = module.API.restoreSnapshot;
            module.API.restoreSnapshot = function (header) {
                const state = restore.call(this, header);
                heap.fill(module.HEAPU8);
                return state;
            };
        }
        return module;
    };
}

// Python from the snapshot (found: ``found``, its bytes still being read), with the app's
// files; null (and the snapshot dropped) if that fails. Pyodide's start runs beside the read.
async function scorerRestore(loadPyodide, archive, found) {
    const snapshot = await found;
    if (!snapshot) {
        return null;
    }
    try {
        // Pyodide's own module, imported here as its loader would (as soon as it starts).
        const asm = import(new URL("pyodide.asm.mjs", new URL(self.pyodideUrl,
                                                               self.location.href)).href);
        asm.catch(() => {});  // (awaited when Pyodide asks for its module, or not at all)
        const pyodide = await scorerWithMemory(snapshot.heapLength, () => loadPyodide({
            ...SCORER_OUTPUT, _loadSnapshot: snapshot.header,
            createPyodideModule: scorerRestoringModule(asm, snapshot)}));
        self.scorerMark("pyodide restored");
        await scorerUnpack(pyodide, await archive);
        self.scorerMark("archive unpacked");
        // What must differ from one visit to the next: random numbers, the time zone.
        pyodide.runPython(`
import random, time
random.seed()
if hasattr(time, "tzset"):
    time.tzset()
`);
        return pyodide;
    } catch (error) {
        console.warn("Scorer: the Python snapshot was not restored, starting normally (" +
                     error + ")");
        await scorerSnapshotBroken();
        return null;
    }
}

// In the snapshot maker (a nested worker): a Pyodide made for snapshots, the app unpacked and
// imported, the snapshot kept.
async function scorerMakeSnapshot(loadPyodide, archive, modules) {
    const pyodide = await loadPyodide({...SCORER_OUTPUT, _makeSnapshot: true});
    self.scorerMark("snapshot maker: pyodide loaded");
    await scorerUnpack(pyodide, await archive);
    pyodide.runPython(`
import importlib
for _name in ${JSON.stringify(modules)}:
    try:
        importlib.import_module(_name)
    except BaseException as _error:  # left for the app to import (and report) itself
        print("Scorer: not in the snapshot:", _name, repr(_error))
del _name
`);
    self.scorerMark("snapshot maker: imports done");
    await scorerKeepSnapshot(pyodide.makeMemorySnapshot());
}

async function scorerSnapshotFailed() {
    try {
        const cache = await caches.open(SCORER_SNAPSHOTS);
        return !!(await cache.match(SCORER_SNAPSHOT_URL + "-failed"));
    } catch (error) {
        return true;
    }
}

// After a start without a snapshot: have a nested worker make one for the next visit.
async function scorerOrderSnapshot(modules) {
    if (typeof Worker === "undefined" || !self.caches || await scorerSnapshotFailed()) {
        return;
    }
    const maker = new Worker(self.location.href, {type: "module"});
    maker.onmessage = (event) => {
        maker.terminate();
        self.scorerMark("snapshot maker ended: " + event.data);
    };
    maker.postMessage({pyodideUrl: self.pyodideUrl, appPackageUrl: self.appPackageUrl,
                       documentUrl: self.documentUrl, args: {scorerSnapshotMaker: true,
                       modules: modules.filter((name) => !SCORER_NOT_WARM.has(name))}});
}

// Run the app's main.py in ``pyodide`` until Flet's connection is up.
async function scorerRunApp(pyodide) {
    pyodide.registerJsModule("flet_js", flet_js);
    flet_js.documentUrl = documentUrl;
    await pyodide.runPythonAsync(`
import flet_js, runpy

try:
    import msgpack as _msgpack

    def _send_python_output(text, is_stderr):
        # Framed like PyodideConnection.send_message (as Flet's own worker does).
        flet_js.receive_callback(
            bytes([0]) + _msgpack.packb([7, {"text": text, "is_stderr": bool(is_stderr)}]))

    flet_js.send_python_output = _send_python_output
except ImportError:
    pass

flet_js.userAppStarting()
try:
    runpy.run_module("main", run_name="__main__")
except SystemExit as _exit:
    if _exit.code not in (None, 0):
        raise
`);
    self.scorerMark("app started");
    return typeof self.flet_js.start_connection === "function";
}

// A picked import file, read by the page (picked.js) and handed here whole (decision 245):
// Python asks for it with flet_js.scorerReadPicked(name, size, limit, progress), a promise of
// its bytes; progress(loaded) is called after each slice. The page's answers are taken here,
// ahead of Flet's onmessage (this listener is added first), which would give them to Flutter's
// protocol as a message.
const scorerPicks = new Map();
let scorerPickCount = 0;
self.addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.constructor !== Object || data.scorer !== "picked") {
        return;
    }
    event.stopImmediatePropagation();
    const waiting = scorerPicks.get(data.id);
    if (!waiting) {
        return;
    }
    if (data.bytes === undefined && data.error === undefined) {
        waiting.progress(data.loaded);
        return;
    }
    scorerPicks.delete(data.id);
    if (data.error !== undefined) {
        waiting.reject(new Error(data.error));
    } else {
        waiting.resolve(data.bytes);
    }
});
// The app's home screen is up (scorer.ui.site.browser): the page then keeps the fallback
// fonts for offline use, in the background (decision 247).
self.flet_js.scorerHomeUp = () => self.postMessage({ scorer: "home-shown" });
self.flet_js.scorerReadPicked = (name, size, limit, progress) => new Promise((resolve, reject) => {
    const id = ++scorerPickCount;
    scorerPicks.set(id, { resolve, reject, progress });
    self.postMessage({ scorer: "read-picked", id, name, size, limit });
});

self.initPyodide = async function () {
    try {
        self.scorerMark("worker running");
        const maker = self.flet_js.args && self.flet_js.args.scorerSnapshotMaker;
        // The snapshot is read and the app's archive fetched while Pyodide's module loads
        // (issue 33; compiling Pyodide's wasm here too was taken back: decision 371).
        const reading = maker ? null : scorerReadSnapshot();
        const archive = scorerAppArchive();
        archive.catch(() => {});  // awaited below; reported there
        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        if (maker) {
            await scorerMakeSnapshot(loadPyodide, archive, self.flet_js.args.modules);
            self.postMessage("done");
            return;
        }
        self.scorerMark("worker started");
        let pyodide = await scorerRestore(loadPyodide, archive, reading);
        let started = false;
        if (pyodide) {
            try {
                started = await scorerRunApp(pyodide);
                console.log("Scorer: Python restored from the snapshot of build " +
                            SCORER_BUILD);
            } catch (error) {
                console.warn("Scorer: the app did not start from the Python snapshot, " +
                             "starting normally (" + error + ")");
                await scorerSnapshotBroken();
                self.userAppRunning = false;
                pyodide = null;
            }
        }
        if (!pyodide) {
            // Called by scorer.ui.site.browser once the home screen is up, with the modules it took.
            self.flet_js.scorerHomeShown = (modules) => {
                self.flet_js.scorerHomeShown = undefined;  // once
                scorerOrderSnapshot(String(modules).split(",")).catch((error) => {
                    console.warn("Scorer: no Python snapshot for the next visit (" + error +
                                 ")");
                });
            };
            pyodide = await scorerWithMemory(0, () => loadPyodide(SCORER_OUTPUT));
            self.scorerMark("pyodide loaded");
            await scorerUnpack(pyodide, await archive);
            self.scorerMark("archive unpacked");
            started = await scorerRunApp(pyodide);
            console.log("Scorer: Python started without a snapshot, build " + SCORER_BUILD);
        }
        self.pyodide = pyodide;
        if (!started) {
            self.postMessage("__flet_no_ui__:Script finished without starting a Flet UI.");
            return;
        }
        await self.flet_js.start_connection(self.receiveCallback);
        self.scorerMark("connected");
        self.postMessage("initialized");
    } catch (error) {
        self.postMessage(error.toString());
    }
};
