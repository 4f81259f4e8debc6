// Summarises a V8 .cpuprofile of the server (BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=DIR"):
// self time by package, and each sample attributed to the first layer found on its stack
// (database, React render, compression, React Router, Express/HTTP), as a share of busy time.
//
//   node bench/explore/profile-summary.mjs DIR/CPU.*.cpuprofile
import fs from "node:fs";
const file = process.argv[2];
if (!file) throw new Error("usage: node bench/explore/profile-summary.mjs <file.cpuprofile>");
const prof = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const pkg = (url, fn) => {
  if (!url) return fn.startsWith("(") ? fn : "(native/builtin)";
  if (url.startsWith("wasm://")) return "wasm (PGlite postgres / prisma query compiler)";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  if (url.includes("/build/server/")) return "app server build";
  if (url.includes("/app/generated")) return "prisma generated";
  return url.replace(/^file:\/\/\/work\/main\//, "");
};
const agg = (keyFn) => {
  const m = new Map();
  for (const [id, t] of self) {
    const n = byId.get(id);
    const k = keyFn(n, id);
    m.set(k, (m.get(k) ?? 0) + t);
  }
  return [...m].sort((a, b) => b[1] - a[1]);
};
const busy = total - (agg((n) => n.callFrame.functionName).find(([k]) => k === "(idle)")?.[1] ?? 0);
console.log(`total ${(total / 1e6).toFixed(1)} s, busy (non-idle) ${(busy / 1e6).toFixed(1)} s`);
console.log("\nself time by package (% of busy):");
for (const [k, t] of agg((n) => pkg(n.callFrame.url, n.callFrame.functionName)).slice(0, 18))
  if (k !== "(idle)") console.log(`${((100 * t) / busy).toFixed(1).padStart(6)}%  ${k}`);
// inclusive classification by stack
const stack = (id) => {
  const s = [];
  for (let c = id; c !== undefined; c = parent.get(c)) s.push(byId.get(c));
  return s;
};
const rules = [
  ["db: PGlite/Prisma (query, adapter, wasm)", (s) => s.some((n) => /pglite|prisma|adapter/i.test(n.callFrame.url) || n.callFrame.url.startsWith("wasm://"))],
  ["render: react-dom server", (s) => s.some((n) => /react-dom/.test(n.callFrame.url))],
  ["compression", (s) => s.some((n) => /compression|zlib/.test(n.callFrame.url))],
  ["react-router (routing, loader data turbo-stream encode)", (s) => s.some((n) => /react-router/.test(n.callFrame.url))],
  ["express/helmet/http", (s) => s.some((n) => /express|helmet|router|node:_http|node:net|send|serve-static/.test(n.callFrame.url))],
];
const cls = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  if (n.callFrame.functionName === "(idle)") continue;
  if (n.callFrame.functionName === "(garbage collector)") {
    cls.set("gc", (cls.get("gc") ?? 0) + t);
    continue;
  }
  const s = stack(id);
  const rule = rules.find(([, f]) => f(s));
  const k = rule ? rule[0] : "other: " + pkg(n.callFrame.url, n.callFrame.functionName);
  cls.set(k, (cls.get(k) ?? 0) + t);
}
console.log("\ninclusive by first matching layer (% of busy):");
for (const [k, t] of [...cls].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`${((100 * t) / busy).toFixed(1).padStart(6)}%  ${k}`);
console.log("\ntop self functions:");
for (const [k, t] of agg((n) => `${n.callFrame.functionName || "(anon)"} ${pkg(n.callFrame.url, n.callFrame.functionName)}`).slice(0, 25))
  console.log(`${((100 * t) / busy).toFixed(1).padStart(6)}%  ${k}`);
