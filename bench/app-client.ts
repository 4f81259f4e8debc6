// What the benchmarks share about talking to the app: reading its event streams, and the
// configuration that leaves every AI platform but the benchmark's own unset.
import { performance } from "node:perf_hooks";
import { createParser } from "eventsource-parser";
import { aiPlatforms } from "../app/lib/ai-platforms";

/** Reads an event stream to its end, or until `onEvent` returns true; true when it was stopped. */
export async function readEvents(response: Response, onEvent: (event: { event?: string; data: string }, at: number) => boolean | void) {
  let stop = false;
  const parser = createParser({ onEvent: (event) => (stop ||= onEvent(event, performance.now()) === true) });
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  while (!stop) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  if (stop) await reader.cancel().catch(() => {});
  return stop;
}

/**
 * Every AI platform's key and address set empty: the app reads ./.env for missing variables, and
 * an empty one counts as set there but as "not configured" to the app.
 */
export function platformsUnset(): Record<string, string> {
  const blank: Record<string, string> = {};
  for (const platform of aiPlatforms) {
    blank[`${platform.envPrefix}_API_KEY`] = "";
    blank[`${platform.envPrefix}_BASE_URL`] = "";
  }
  return blank;
}
