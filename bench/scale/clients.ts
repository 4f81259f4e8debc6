// The scale-out rehearsal's clients (bench/scale/run.ts): a person's live feed, a chat reply read
// as it streams, a sign-in, a timed request. Every one goes through the balancer; `x-bench-instance`
// asks it for one instance, and its answer says which served.
import { performance } from "node:perf_hooks";
import { readEvents } from "../app-client";

/** Aborted when the run stops early (Ctrl-C, the watchdog): every request in flight ends. */
export const abortLoad = new AbortController();

export type Streamer = { userId: string; cookie: string; sessionId: string };

export type Timed = { ms: number; status: number };
export type ReplyResult = { person: number; instance: number; firstToken: number; complete: number; userMessageId: string; replyId: string; savedAt: number };
export type FeedEvent = { at: number; instance: number };
export type Feed = { instance: number; events: Map<string, FeedEvent>; opened: Promise<void>; close: () => void; broken?: string };

/** A person's live feed, held on one instance: every `message` event's message id, and when it came. */
export function openFeed(balancer: string, person: Streamer, instance: number): Feed {
  const controller = new AbortController();
  const events = new Map<string, FeedEvent>();
  let opened = () => {};
  const feed: Feed = { instance, events, opened: new Promise<void>((resolve) => (opened = resolve)), close: () => controller.abort() };
  void (async () => {
    try {
      const response = await fetch(`${balancer}/api/events`, {
        headers: { cookie: person.cookie, accept: "text/event-stream", "x-bench-instance": String(instance) },
        signal: controller.signal,
      });
      if (response.status !== 200 || !response.body) throw new Error(`the feed answered ${response.status}`);
      const servedBy = Number(response.headers.get("x-bench-instance"));
      opened();
      await readEvents(response, (event, at) => {
        if (event.event === "message") {
          const { message } = JSON.parse(event.data) as { message: { id: string } };
          events.set(message.id, { at, instance: servedBy });
        } else if (event.event === "closed") feed.broken = `the feed was closed: ${event.data}`;
      });
      if (!controller.signal.aborted) feed.broken ??= "the feed ended";
    } catch (error) {
      if (!controller.signal.aborted) feed.broken = error instanceof Error ? error.message : String(error);
    } finally {
      opened();
    }
  })();
  return feed;
}

export async function askForReply(balancer: string, person: Streamer, instance: number): Promise<Omit<ReplyResult, "person">> {
  const began = performance.now();
  const response = await fetch(`${balancer}/api/chat/${person.sessionId}/reply`, {
    method: "POST",
    headers: { cookie: person.cookie, origin: balancer, accept: "text/event-stream", "x-bench-instance": String(instance) },
    body: new URLSearchParams({ message: "Tell me a short story about the sea." }),
    signal: abortLoad.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new StatusError(response.status, `the reply answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const servedBy = Number(response.headers.get("x-bench-instance"));
  let firstToken = NaN;
  let userMessageId = "";
  let complete: { at: number; id: string } | undefined;
  await readEvents(response, (event, at) => {
    if (event.event === "user") userMessageId = (JSON.parse(event.data) as { id: string }).id;
    else if (event.event === "message" && Number.isNaN(firstToken)) firstToken = at - began;
    else if (event.event === "complete") {
      complete = { at, id: (JSON.parse(event.data) as { id: string }).id };
      return true;
    } else if (event.event === "error") throw new Error(`the reply sent an error event: ${event.data}`);
  });
  if (!complete || !userMessageId) throw new Error("the reply ended without its user and complete events");
  return { instance: servedBy, firstToken, complete: complete.at - began, userMessageId, replyId: complete.id, savedAt: complete.at };
}

export class StatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const began = performance.now();
  const response = await fetch(url, { redirect: "manual", signal: abortLoad.signal, ...init });
  await response.arrayBuffer();
  return { ms: performance.now() - began, status: response.status };
}

export function signIn(balancer: string, email: string, password: string, address: string, instance?: number) {
  return timed(`${balancer}/login`, {
    method: "POST",
    headers: { origin: balancer, "x-forwarded-for": address, ...(instance === undefined ? {} : { "x-bench-instance": String(instance) }) },
    body: new URLSearchParams({ email, password }),
  });
}
