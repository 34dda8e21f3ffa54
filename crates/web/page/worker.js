// coverlab's worker: it is sent the compiled module once, instantiates it, then answers each
// request ({id, request}) with {id, text, ms}: the response's JSON text and the time the call
// took. The first worker also warms the engine up, and says when that ends ({warm}). A request
// runs to its end; the page stops one by ending this worker and starting another. The glue to
// the module's exports (crates/web/src/ffi.rs) is `call`.
"use strict";
let exports = null;
// The warm-up: five 17-clue 9×9 puzzles, twice over, with `fast`, a slice at a time (about
// 10 ms of baseline code, under 1 ms once optimised).
const WARM = {
  op: "solve", strategy: "fast", puzzle: Array(2).fill([
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
    ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
    ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..",
  ].join("\n")).join("\n"),
};
// The warm-up goes on, a slice at a time, while its slices still get faster: until the best
// slice has not improved by a tenth for WARM_STALL ms, or for WARM_MAX ms in all. Between
// slices the worker rests WARM_REST ms (V8's background compiler needs the CPU more than the
// search does then), and a request that comes meanwhile is answered first.
const WARM_STALL = 1000, WARM_MAX = 6000, WARM_REST = 4;
const encoder = new TextEncoder(), decoder = new TextDecoder();

function call(request) {
  const bytes = encoder.encode(JSON.stringify(request));
  const at = exports.cl_request(bytes.length);
  new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
  const len = exports.cl_call();
  // The memory may have grown during the call: view it afresh.
  return decoder.decode(new Uint8Array(exports.memory.buffer, exports.cl_response(), len));
}

// One slice of the warm-up, then the next after a rest, until it stops getting faster; then
// the page is told how it went ({warm: {slices, ms, first, best}}: the first and best slice's
// time).
function warm(w) {
  const t = performance.now();
  try { call(WARM); } catch (e) { return; /* the first request will say */ }
  const now = performance.now(), ms = now - t;
  if (!w.slices) w.first = ms;
  w.slices++;
  if (ms < 0.9 * w.best) { w.best = ms; w.improved = now; }
  if (now - w.improved < WARM_STALL && now - w.start < WARM_MAX) { setTimeout(() => warm(w), WARM_REST); return; }
  postMessage({ warm: { slices: w.slices, ms: now - w.start, first: w.first, best: w.best } });
}

onmessage = async (event) => {
  const m = event.data;
  if (m.module) {
    try {
      // The module imports nothing the engine calls: what it may still name (wasm-bindgen's
      // functions, from the CLI's progress bars and plots, when build.sh had no wasm-metadce to
      // drop them) is given a function that fails loudly if it is ever called.
      const imports = {};
      for (const { module, name } of WebAssembly.Module.imports(m.module)) {
        imports[module] = imports[module] || {};
        imports[module][name] = () => { throw new Error("not in the page: " + module + "." + name); };
      }
      const instance = await WebAssembly.instantiate(m.module, imports);
      exports = instance.exports;
      postMessage({ ready: true });
      // V8 first runs the module's baseline code (Liftoff), 5 to 8 times slower than native, and
      // compiles a function's optimised code (TurboFan) on a background thread only once the
      // function has run hot for a while; a call already running keeps the code it started
      // with (docs/web.md, Figures). Searches right away get that started before the first
      // request, and go on until the optimised code is in (their slices stop getting faster).
      // Its code is the module's, so every later worker (after Stop) has it too.
      if (m.warm) setTimeout(() => warm({ start: performance.now(), best: Infinity, improved: 0, slices: 0, first: 0 }), 0);
    } catch (e) {
      postMessage({ ready: false, error: "cannot start the engine: " + e });
    }
    return;
  }
  const start = performance.now();
  let text = null, error = null;
  try {
    text = call(m.request);
  } catch (e) {
    // A trap (a panic, memory exhausted): this instance is not to be used again.
    error = "the engine failed: " + e;
  }
  postMessage({ id: m.id, text, error, ms: performance.now() - start });
};
