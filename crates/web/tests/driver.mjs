// Drives the coverlab page in headless Chromium over the DevTools protocol, through a pipe
// (--remote-debugging-pipe: no port, no websocket library, nothing from npm). Prints one JSON
// object on stdout; the checks are the caller's (crates/web/tests/it/browser.rs, bench.sh).
//
//   node driver.mjs check PAGE PUZZLE          open PAGE#p=PUZZLE: the solution line shown,
//                                              a hint's text, and a long count stopped
//   node driver.mjs bench PAGE FILE STRATEGY   the puzzles of FILE solved in the page, one call
//                                              each: per-puzzle times (ms) and the solutions
//   node driver.mjs shot PAGE PUZZLE PNG [BUTTON]  a screenshot once the puzzle is solved (and
//                                              BUTTON's work done: watch, explainb, hintb)
//
// CHROMIUM names the browser (default /usr/bin/chromium). Every wait is bounded: the driver
// gives up with an error after DRIVER_TIMEOUT seconds (default 120).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [mode, pagePath, arg, strategy, button] = process.argv.slice(2);
if (!["check", "bench", "shot"].includes(mode) || !pagePath || !arg) {
  console.error("usage: node driver.mjs check PAGE PUZZLE | bench PAGE FILE STRATEGY | shot PAGE PUZZLE PNG [BUTTON]");
  process.exit(2);
}
const limitMs = 1000 * Number(process.env.DRIVER_TIMEOUT || 120);
const profile = mkdtempSync(join(tmpdir(), "coverlab-chromium-"));
const browser = spawn(process.env.CHROMIUM || "/usr/bin/chromium", [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--disable-dev-shm-usage", "--remote-debugging-pipe", "--user-data-dir=" + profile, "about:blank",
], {
  stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"],
  // Chromium's own temporary folders (org.chromium.Chromium.*) go inside the profile, removed at the end.
  env: { ...process.env, TMPDIR: profile },
});
let stderr = "";
browser.stderr.on("data", (d) => { stderr = (stderr + d).slice(-4000); });
const killer = setTimeout(() => fail("gave up after " + limitMs / 1000 + " s"), limitMs);

function fail(message) {
  console.log(JSON.stringify({ error: message, chromium: stderr.slice(-1000) }));
  finish(1);
}
function finish(code) {
  clearTimeout(killer);
  // The profile (with Chromium's temporary folders in it) is removed once the browser has exited,
  // retrying while its last processes still write: removed at once after the kill, it was left
  // behind in /tmp.
  const done = () => {
    try { rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }); } catch { /* left behind */ }
    process.exit(code);
  };
  if (browser.exitCode !== null || browser.signalCode !== null) return done();
  browser.once("exit", done);
  setTimeout(done, 3000);
  browser.kill("SIGKILL");
}
browser.on("error", (e) => fail("cannot start chromium: " + e.message));

// The protocol: JSON messages separated by NUL bytes, on fd 3 (to the browser) and 4 (from it).
const toBrowser = browser.stdio[3], fromBrowser = browser.stdio[4];
let nextId = 1, buffered = "";
const waiting = new Map();
fromBrowser.on("data", (chunk) => {
  buffered += chunk.toString("utf8");
  let at;
  while ((at = buffered.indexOf("\0")) >= 0) {
    const message = JSON.parse(buffered.slice(0, at));
    buffered = buffered.slice(at + 1);
    const w = message.id && waiting.get(message.id);
    if (w) {
      waiting.delete(message.id);
      message.error ? w.reject(new Error(JSON.stringify(message.error))) : w.resolve(message.result);
    }
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  toBrowser.write(JSON.stringify({ id, method, params, sessionId }) + "\0");
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

let session = null;
// Opens the page and returns a function evaluating an expression in it (promises awaited).
async function open(url) {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  session = sessionId;
  await send("Emulation.setDeviceMetricsOverride", { width: 1300, height: 950, deviceScaleFactor: 1, mobile: false }, sessionId);
  const evaluate = async (expression) => {
    const r = await send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true }, sessionId);
    if (r.exceptionDetails) throw new Error("in the page: " + JSON.stringify(r.exceptionDetails).slice(0, 500));
    return r.result.value;
  };
  await send("Page.enable", {}, sessionId);
  await send("Page.navigate", { url }, sessionId);
  return evaluate;
}

// Waits in the page until `condition` (an expression) is truthy; returns its value.
const until = (condition, ms = 60000) => `new Promise((resolve, reject) => {
  const start = performance.now();
  const look = () => { let v; try { v = (${condition}); } catch (e) { v = undefined; }
    if (v) return resolve(v);
    if (performance.now() - start > ${ms}) return reject(new Error("timed out waiting for: " + ${JSON.stringify(condition)}));
    setTimeout(look, 20); };
  look(); })`;

async function check(evaluate) {
  const ready = Number(await evaluate(until("document.body.dataset.ready")));
  const status = await evaluate(until("document.body.dataset.solved"));
  const solution = await evaluate("document.getElementById('solution').textContent");
  const shown = await evaluate("document.getElementById('status').textContent");
  // A hint for the puzzle as given.
  const hint = await evaluate(`(async () => { document.getElementById('hintb').click();
    return await ${until("document.getElementById('hint').textContent")}; })()`);
  const marked = await evaluate("document.querySelectorAll('#board input.place, #board input.elim').length");
  // A search with no end in sight (the solutions of an empty 16×16 grid, counted), then Stop.
  const stop = await evaluate(`(async () => {
    const $ = (id) => document.getElementById(id);
    $("text").value = ".".repeat(256);
    $("spec").value = "";
    $("max").value = "1000000000000";
    $("count").click();
    await new Promise((r) => setTimeout(r, 500));
    const busyBefore = document.body.dataset.busy === "1";
    const t = performance.now();
    $("stop").click();
    const stopMs = performance.now() - t;
    const said = $("status").textContent;
    // The new worker answers at once.
    const v = await window.coverlab.run({ op: "solve", puzzle: ".342.....43....." });
    return { busyBefore, stopMs, said, after: v.results[0].solutions[0], busyAfter: document.body.dataset.busy === "1" };
  })()`);
  const kissat = await evaluate("window.coverlab.run({ op: 'catalog' }).then((c) => c.kissat)");
  return { ready_ms: ready, status, solution, shown, hint, marked, stop, kissat };
}

// BENCH_CAP: seconds a puzzle may take in the page before it is stopped (default 60).
const capSeconds = Number(process.env.BENCH_CAP || 60);

async function bench(evaluate, file, name) {
  await evaluate(until("document.body.dataset.ready"));
  const lines = readFileSync(file, "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  const runs = await evaluate(`(async () => {
    const lines = ${JSON.stringify(lines)}, out = [];
    const cap = ${capSeconds} * 1000;
    for (const puzzle of lines) {
      // Past the cap the page's Stop ends the search (the worker), as a person would.
      let timer = null;
      const capped = new Promise((resolve) => { timer = setTimeout(() => resolve(null), cap); });
      const start = performance.now();
      const running = window.coverlab.run({ op: "solve", puzzle, strategy: ${JSON.stringify(name || "fast")} });
      running.catch(() => {}); // rejected ("stopped") when the cap ends it
      const v = await Promise.race([running, capped]);
      clearTimeout(timer);
      if (v === null) {
        window.coverlab.restart();
        out.push({ ms: performance.now() - start, status: "capped", solution: null });
        continue;
      }
      const r = v.results[0];
      out.push({ ms: v.ms, status: r.status, solution: r.solutions[0] || null });
    }
    return out;
  })()`);
  // All of them in one request, as a pasted file is solved: the cost of a call (reading the
  // request, compiling the spec, building the strategy) paid once. Only for sets of more than
  // 30 puzzles (small, hard sets are timed one by one), and none capped.
  // The set is repeated BENCH_REPEAT times (default 10) in that request. V8 runs a function's
  // optimised code only from its next call once it is compiled, so the requests are timed
  // only after the worker's own warm-up has ended and the request itself has been made for
  // BENCH_WARM seconds (default 3) untimed; then BENCH_TRIES requests (default 7) are timed.
  // Each is timed in CPU (Linux), which a loaded machine's waits for a core do not count:
  // the renderer's threads (the worker's, V8's compilers', the page's) from the request to its
  // answer, and the worker's thread alone. The caller takes the least and reports the spread.
  const repeat = Number(process.env.BENCH_REPEAT || 10);
  const text = Array(repeat).fill(lines.join("\n")).join("\n");
  let batch = null;
  if (lines.length > 30 && !runs.some((r) => r.status === "capped")) {
    await evaluate(until("document.body.dataset.warm", 60000));
    const request = `window.coverlab.run({ op: "solve", puzzle: ${JSON.stringify(text)}, strategy: ${JSON.stringify(name || "fast")} })`;
    const warmUntil = Date.now() + 1000 * Number(process.env.BENCH_WARM || 3);
    do await evaluate(`${request}.then(() => 0)`); while (Date.now() < warmUntil);
    batch = { tries: [] };
    for (let k = 0; k < Number(process.env.BENCH_TRIES || 7); k++) {
      const before = rendererCpuMs();
      const v = await evaluate(`(async () => {
        const v = await ${request};
        return { ms: v.ms, puzzles: v.results.length, solutions: v.results.slice(0, ${lines.length}).map((r) => r.solutions[0] || null) };
      })()`);
      const after = rendererCpuMs();
      batch.tries.push({ ms: v.ms, cpu_ms: before && after && after.all - before.all, worker_cpu_ms: before && after && after.worker - before.worker });
      Object.assign(batch, { puzzles: v.puzzles, solutions: v.solutions });
    }
  }
  return { puzzles: lines, runs, batch, warm: await evaluate("document.body.dataset.warm || null") };
}

// The CPU time (ms) of the browser's renderer processes so far: `all`, every thread counted,
// and `worker`, the dedicated workers' threads alone (Linux's /proc/PID/task/TID/schedstat, in
// nanoseconds, and the thread's name in .../comm); null where there is no /proc.
function rendererCpuMs() {
  try {
    let all = 0, worker = 0;
    for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
      let line;
      try { line = readFileSync(`/proc/${pid}/cmdline`, "utf8"); } catch { continue; }
      if (!line.includes("--type=renderer") || !line.includes(profile)) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
          all += ns;
          if (readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").startsWith("DedicatedWorker")) worker += ns;
        } catch { /* ended */ }
      }
    }
    return { all: all / 1e6, worker: worker / 1e6 };
  } catch {
    return null;
  }
}

async function shot(evaluate, png, id) {
  await evaluate(until("document.body.dataset.solved"));
  if (id) {
    await evaluate(`document.getElementById(${JSON.stringify(id)}).click()`);
    await evaluate(until("document.body.dataset.busy !== '1' && document.getElementById('status').textContent.indexOf('…') < 0"));
    await evaluate("new Promise((r) => setTimeout(r, 1500))");
  }
  const { data } = await send("Page.captureScreenshot", { format: "png" }, session);
  (await import("node:fs")).writeFileSync(png, Buffer.from(data, "base64"));
  return { png };
}

try {
  const url = pathToFileURL(resolve(pagePath)).href + (mode !== "bench" ? "#p=" + encodeURIComponent(arg) : "");
  const evaluate = await open(url);
  const result = mode === "check" ? await check(evaluate)
    : mode === "shot" ? await shot(evaluate, strategy, button) : await bench(evaluate, arg, strategy);
  console.log(JSON.stringify(result));
  finish(0);
} catch (e) {
  fail(e.message);
}
