import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "..");

/** The modules a file reaches through value imports the browser bundle keeps (`*.server` files and `import type` never reach it). */
function browserImports(entry: string) {
  const reached = new Map<string, string>();
  const visit = (file: string) => {
    const source = fs.readFileSync(file, "utf8");
    for (const [, specifier] of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gms)) {
      let target = specifier;
      if (specifier.startsWith("~/") || specifier.startsWith(".")) {
        const base = specifier.startsWith("~/") ? path.join(APP, specifier.slice(2)) : path.join(path.dirname(file), specifier);
        const found = ["", ".ts", ".tsx"].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
        if (!found || found.includes(".server")) continue;
        target = found;
      }
      if (reached.has(target)) continue;
      reached.set(target, file);
      if (target.startsWith(APP)) visit(target);
    }
  };
  visit(path.join(APP, entry));
  return reached;
}

// zod weighs 21.5 KB with brotli, a fifth of a visitor's first load (docs/performance/page-weight.md).
// A module every page loads must not build a schema; form pages and servers may.
describe("what an anonymous visitor's browser loads for home and explore", () => {
  it.each(["root.tsx", "routes/_shell/layout.tsx", "routes/_shell/content.tsx", "routes/home.tsx", "routes/explore.tsx"])("%s does not reach zod", (entry) => {
    const reached = browserImports(entry);
    const via = reached.get("zod");
    expect(via && path.relative(APP, via), "the module that imports zod").toBeUndefined();
  });
});
