/** Settings and formatting shared by the benchmarks' printed reports. */

/** A positive number from the environment (BENCH_SECONDS and friends), or the fallback. */
export function positive(name: string, fallback: number) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export function log(message: string) {
  process.stdout.write(`[bench] ${message}\n`);
}

export function fmt(value: number, digits = 0) {
  if (!Number.isFinite(value)) return "n/a";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A markdown table; the first row is the header, the first column left-aligned, the rest right-aligned. */
export function table(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row, index) => {
      const line = `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
      return index === 0 ? `${line}\n|${widths.map((w, c) => (c === 0 ? ` ${"-".repeat(w)} ` : ` ${"-".repeat(w - 1)}: `)).join("|")}|` : line;
    })
    .join("\n");
}

/** Runs a benchmark's main, reports a crash as a failure, and always cleans up. */
export async function runBenchmark(main: () => Promise<void>, cleanup: () => Promise<void>, watchdog: ReturnType<typeof setTimeout>) {
  try {
    await main();
  } catch (error) {
    console.error(`[bench] failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
    clearTimeout(watchdog);
  }
}
