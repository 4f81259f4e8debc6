import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from "node:crypto";
import type http from "node:http";
import sharp from "sharp";
import { readText, sendJson, startHttpFake } from "./http-fake";

/**
 * An HTTP server on 127.0.0.1 that speaks fal's queue API: submit (`POST /{model}`, with
 * `?fal_webhook=`), status, result and cancel under `/{app}/requests/{id}`, the result's files,
 * and the JWKS its webhooks are signed with (`/.well-known/jwks.json`). Webhooks are signed as fal
 * signs them (ED25519 over request id, user id, timestamp and the body's SHA-256). Each submit
 * takes the next scripted scenario (`script(...)`), else `defaults`.
 */

export type FalScenario = {
  /** how long the request takes, from submit to COMPLETED (default 30 ms) */
  durationMs?: number;
  /** how many images the result holds (default: num_images, else 1) */
  images?: number;
  /** the request ends in an error: the result answers 422, the webhook says ERROR */
  fail?: boolean;
  /** the request never completes */
  never?: boolean;
  /** the submit itself is refused with this status */
  submitStatus?: number;
  /**
   * Webhook deliveries when the app asked for them: once on completion (default), twice,
   * early (once while still in progress, and not again), forged (signed with a key fal does not
   * publish) or none.
   */
  webhook?: "once" | "twice" | "early" | "forged" | "none";
  /** the submit is answered only after the webhook has been answered (a fast model whose webhook overtakes the submit's answer) */
  webhookFirst?: boolean;
};

export type FalRequest = {
  requestId: string;
  appId: string;
  modelId: string;
  input: Record<string, unknown>;
  webhookUrl: string | null;
  scenario: FalScenario;
  submittedAt: number;
  completedAt: number | null;
  cancelled: boolean;
  statusChecks: number;
  resultFetches: number;
  webhookAnswers: number[];
};

export type FakeFal = Awaited<ReturnType<typeof startFakeFal>>;

export const FAKE_FAL_KEY = "fal-test-key";
const FAL_USER_ID = "fake-fal-user";

export async function startFakeFal({ port: requestedPort = 0, key = FAKE_FAL_KEY }: { port?: number; key?: string } = {}) {
  const signing = generateKeyPairSync("ed25519");
  const stranger = generateKeyPairSync("ed25519");
  const queue: FalScenario[] = [];
  const requests = new Map<string, FalRequest>();
  let defaults: FalScenario = {};
  const timers = new Set<NodeJS.Timeout>();

  function later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  }

  function statusOf(request: FalRequest) {
    if (request.completedAt !== null && Date.now() >= request.completedAt) return "COMPLETED";
    return Date.now() - request.submittedAt < 5 ? "IN_QUEUE" : "IN_PROGRESS";
  }

  function resultOf(request: FalRequest) {
    const count = request.scenario.images ?? Number(request.input.num_images ?? 1);
    const images = Array.from({ length: count }, (_, index) => ({
      url: `${url}/files/${request.requestId}/${index}.png`,
      content_type: "image/png",
      width: 256,
      height: 256,
    }));
    return { images, seed: 42, prompt: request.input.prompt };
  }

  async function deliverWebhook(request: FalRequest, forged = false) {
    if (!request.webhookUrl) return;
    const ok = !request.scenario.fail;
    const body = Buffer.from(
      JSON.stringify({
        request_id: request.requestId,
        gateway_request_id: request.requestId,
        status: ok ? "OK" : "ERROR",
        ...(ok ? { payload: resultOf(request) } : { error: "Invalid status code: 422", payload: { detail: [{ msg: "failed" }] } }),
      }),
    );
    const headers = signedHeaders(request.requestId, body, forged ? stranger.privateKey : signing.privateKey);
    try {
      const response = await fetch(request.webhookUrl, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
      request.webhookAnswers.push(response.status);
      await response.arrayBuffer();
    } catch {
      request.webhookAnswers.push(0);
    }
  }

  function schedule(request: FalRequest) {
    const { scenario } = request;
    if (scenario.never) {
      if (scenario.webhook === "early") later(5, () => void deliverWebhook(request));
      return;
    }
    const duration = scenario.durationMs ?? 30;
    request.completedAt = request.submittedAt + duration;
    const webhook = scenario.webhook ?? "once";
    if (webhook === "early") later(Math.max(1, Math.floor(duration / 4)), () => void deliverWebhook(request));
    if (webhook === "once" || webhook === "twice") later(duration, () => void deliverWebhook(request));
    if (webhook === "twice") later(duration + 20, () => void deliverWebhook(request));
    if (webhook === "forged") later(duration, () => void deliverWebhook(request, true));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const address = new URL(req.url ?? "/", "http://fake");
    const path = address.pathname.replace(/^\/+/, "");
    if (req.method === "GET" && path === ".well-known/jwks.json") {
      return sendJson(res, 200, { keys: [{ ...(signing.publicKey.export({ format: "jwk" }) as object), kid: "fake-1", use: "sig", alg: "EdDSA" }] });
    }
    if (req.method === "GET" && path === "_fake/requests") {
      // For a benchmark in another process: when each request was submitted and completed.
      return sendJson(
        res,
        200,
        [...requests.values()].map(({ requestId, submittedAt, completedAt, input }) => ({ requestId, submittedAt, completedAt, prompt: input.prompt })),
      );
    }
    const file = /^files\/([^/]+)\/(\d+)\.png$/.exec(path);
    if (req.method === "GET" && file) {
      const request = requests.get(file[1]!);
      if (!request) return sendJson(res, 404, { detail: "Not found" });
      const hue = (Number(file[2]) * 70) % 360;
      const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: `hsl(${hue}, 60%, 50%)` } })
        .png()
        .toBuffer();
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length });
      return res.end(png);
    }
    if (req.headers.authorization !== `Key ${key}`) return sendJson(res, 401, { detail: "Invalid key" });
    const match = /^(.+?)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(path);
    if (match) {
      const request = requests.get(decodeURIComponent(match[2]!));
      if (!request || request.appId !== match[1]) return sendJson(res, 404, { detail: "Request not found" });
      if (match[3] === "/status" && req.method === "GET") {
        request.statusChecks++;
        return sendJson(res, 200, { status: statusOf(request), request_id: request.requestId });
      }
      if (match[3] === "/cancel" && req.method === "PUT") {
        request.cancelled = true;
        return sendJson(res, 202, { status: "CANCELLATION_REQUESTED" });
      }
      if (!match[3] && req.method === "GET") {
        request.resultFetches++;
        if (statusOf(request) !== "COMPLETED") return sendJson(res, 400, { detail: "Request is still in progress" });
        if (request.scenario.fail) return sendJson(res, 422, { detail: [{ loc: ["body", "prompt"], msg: "failed", type: "value_error" }] });
        return sendJson(res, 200, resultOf(request));
      }
      return sendJson(res, 405, { detail: "Method not allowed" });
    }
    if (req.method !== "POST") return sendJson(res, 404, { detail: `Unknown path ${path}` });
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(await readText(req)) as Record<string, unknown>;
    } catch {
      return sendJson(res, 422, { detail: "The body is not JSON" });
    }
    const scenario = { ...defaults, ...(queue.shift() ?? {}) };
    if (scenario.submitStatus) return sendJson(res, scenario.submitStatus, { detail: "Submit refused" });
    const requestId = randomUUID();
    const request: FalRequest = {
      requestId,
      appId: path.split("/").slice(0, 2).join("/"),
      modelId: path,
      input,
      webhookUrl: address.searchParams.get("fal_webhook"),
      scenario,
      submittedAt: Date.now(),
      completedAt: null,
      cancelled: false,
      statusChecks: 0,
      resultFetches: 0,
      webhookAnswers: [],
    };
    requests.set(requestId, request);
    schedule(request);
    if (scenario.webhookFirst) {
      while (request.webhookAnswers.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return sendJson(res, 200, {
      request_id: requestId,
      gateway_request_id: requestId,
      status_url: `${url}/${request.appId}/requests/${requestId}/status`,
      response_url: `${url}/${request.appId}/requests/${requestId}`,
      cancel_url: `${url}/${request.appId}/requests/${requestId}/cancel`,
    });
  }

  const server = await startHttpFake(handle, { port: requestedPort });
  const url = server.url;

  return {
    url,
    jwksUrl: `${url}/.well-known/jwks.json`,
    key,
    requests,
    /** The scenario of the next submits, in order. */
    script(...scenarios: FalScenario[]) {
      queue.push(...scenarios);
    },
    setDefaults(scenario: FalScenario) {
      defaults = scenario;
    },
    /** A delivery signed by fal's published key (or, `forged`, by another), as fal would post it. */
    signedWebhook(requestId: string, body: Buffer, { forged = false, timestamp }: { forged?: boolean; timestamp?: number } = {}) {
      return signedHeaders(requestId, body, forged ? stranger.privateKey : signing.privateKey, timestamp);
    },
    deliverWebhook: (requestId: string) => deliverWebhook(requests.get(requestId)!),
    reset() {
      queue.length = 0;
      defaults = {};
      requests.clear();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
}

function signedHeaders(requestId: string, body: Buffer, privateKey: KeyObject, timestamp = Math.floor(Date.now() / 1000)) {
  const digest = createHash("sha256").update(body).digest("hex");
  const message = Buffer.from(`${requestId}\n${FAL_USER_ID}\n${timestamp}\n${digest}`);
  return {
    "X-Fal-Webhook-Request-Id": requestId,
    "X-Fal-Webhook-User-Id": FAL_USER_ID,
    "X-Fal-Webhook-Timestamp": String(timestamp),
    "X-Fal-Webhook-Signature": sign(null, message, privateKey).toString("hex"),
  };
}
