// coverlab's worker: it is sent the compiled module once, instantiates it, then answers each
// request ({id, request}) with {id, text, ms}: the response's JSON text and the time the call
// took. A request runs to its end; the page stops one by ending this worker and starting
// another. The glue to the module's exports (crates/web/src/ffi.rs) is `call`.
"use strict";
let exports = null;
// The warm-up: five 17-clue 9×9 puzzles, ten times over, with `fast` (about 0.2 s of baseline code).
const WARM = {
  op: "solve", strategy: "fast", puzzle: Array(10).fill([
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7.....",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...1.",
    ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9.",
    ".................1.....2.3......45.6..3.......17...8.....16......8....4..6.5..2..",
  ].join("\n")).join("\n"),
};
const encoder = new TextEncoder(), decoder = new TextDecoder();

function call(request) {
  const bytes = encoder.encode(JSON.stringify(request));
  const at = exports.cl_request(bytes.length);
  new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
  const len = exports.cl_call();
  // The memory may have grown during the call: view it afresh.
  return decoder.decode(new Uint8Array(exports.memory.buffer, exports.cl_response(), len));
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
      // compiles a function's optimised code only once the function has run hot for a while
      // (docs/web.md, Figures). A short search right away gets that started before the first
      // request. Its code is the module's, so every later worker (after Stop) has it too.
      if (m.warm) setTimeout(() => { try { call(WARM); } catch (e) { /* the first request will say */ } }, 0);
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
