/* Scorer: an LZMA decoder, for the service worker (`scorer publish` puts it at the end of
 * sw.js, with lzma.wasm written into SCORER_LZMA_WASM). The site's large files travel as
 * NAME.lzma (Python's lzma.FORMAT_ALONE, with the decoded size written in its header): a
 * quarter fewer bytes than gzip, where no DecompressionStream decodes LZMA, nor Brotli in all
 * three engines (decision 440).
 *
 * The decoding itself is lzma.c, compiled to WebAssembly (3.5 kB): about twice as fast as the
 * same steps in JavaScript, which this file ran until decision 586 (a Chromium first visit's
 * files took 1.6-2.1 s of CPU to decode there, 0.8-1.0 s now). Every engine that runs the app runs
 * WebAssembly (Python's Pyodide is WebAssembly). Here: the header is checked, the module's
 * memory grown and laid out (its own stack and data below __heap_base, then the input, the
 * output and the probabilities), and the output copied out. A file cut short or not LZMA is an
 * Error, never bytes.
 */
const SCORER_LZMA_WASM = "__SCORER_LZMA_WASM__";  // lzma.wasm, base64 (written by the build)
let scorerLzmaModule = null;

function scorerLzma(input) {
  if (input.length < 18) throw new Error("LZMA: too short");
  let props = input[0];
  if (props >= 225) throw new Error("LZMA: bad properties");
  const lc = props % 9;
  props = (props / 9) | 0;
  const lp = props % 5;
  let size = 0;
  for (let i = 12; i >= 5; i--) size = size * 256 + input[i];
  if (size > 0x7fffffff) throw new Error("LZMA: no size in the header");
  if (scorerLzmaModule === null) {
    scorerLzmaModule = new WebAssembly.Module(
      Uint8Array.from(atob(SCORER_LZMA_WASM), (c) => c.charCodeAt(0)));
  }
  // The module's memory: its stack and data, then the input, the output, the probabilities
  const { exports } = new WebAssembly.Instance(scorerLzmaModule, {});
  const align = (at) => (at + 7) & ~7;
  const inputAt = align(exports.__heap_base.value);
  const outAt = align(inputAt + input.length);
  const probsAt = align(outAt + size);
  const end = probsAt + 2 * (1847 + (0x300 << (lc + lp)));  // 1847: LITERAL in lzma.c
  if (end > 0xffff0000) throw new Error("LZMA: too large");
  const memory = exports.memory;
  memory.grow(Math.max(0, Math.ceil(end / 65536) - memory.buffer.byteLength / 65536));
  const heap = new Uint8Array(memory.buffer);
  heap.set(input, inputAt);
  let done;
  try {
    done = exports.decode(inputAt, input.length, outAt, size, probsAt);
  } catch (error) {  // a read outside the memory (WebAssembly.RuntimeError): not LZMA
    throw new Error("LZMA: bad stream (" + error.message + ")");
  }
  if (done === -1) throw new Error("LZMA: bad stream");
  if (done !== 0) throw new Error("LZMA: cut short");
  return heap.slice(outAt, outAt + size);
}
