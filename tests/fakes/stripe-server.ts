import { randomBytes } from "node:crypto";
import type http from "node:http";
import qs from "qs";
import Stripe from "stripe";
import { readText, sendJson, startHttpFake } from "./http-fake";

// Stripe objects are loose JSON on the wire; the SDK's types describe them for the app, not here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type StripeObject = Record<string, any>;

const API_VERSION = "2026-10-28.endive";
const DAY = 86_400;
/** How far one billing period reaches. Real Stripe uses calendar months; fixed days are enough for tests. */
const INTERVAL_SECONDS: Record<string, number> = { day: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY };

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** An error that is answered as Stripe's JSON error body, which the SDK turns into its own error classes. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeObject,
  ) {
    super(error.message);
  }
}

const invalid = (message: string, param?: string) => new StripeApiError(400, { type: "invalid_request_error", message, param });
const missing = (kind: string, id: string) =>
  new StripeApiError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param: "id" });

/** Stripe ids are a type prefix and random alphanumerics; the prefix is how people (and the app's logs) tell them apart. */
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

function find(map: Map<string, StripeObject>, kind: string, id: string) {
  const object = map.get(id);
  if (!object) throw missing(kind, id);
  return object;
}

/**
 * An HTTP server on 127.0.0.1 that speaks Stripe's REST wire format (form-encoded requests, JSON
 * answers and errors) for exactly the endpoints the app calls, so the real `stripe` SDK is tested
 * against it: point the client at `url` with `host`, `port` and `protocol`, and use `secretKey`.
 *
 * It also serves the hosted checkout a browser would see (`/pay/:id`, a plain form with a `Pay`
 * button, so end-to-end tests can click through without JavaScript), and plays Stripe's part in
 * webhooks: paying builds the events Stripe would send, signed with `webhookSecret` by the SDK's
 * own signer, and POSTs them to `webhookUrl` in order. Everything lives in memory, exposed as maps
 * and a request log for assertions.
 */
export async function startFakeStripe({
  port: requestedPort = 0,
  webhookUrl: initialWebhookUrl,
  webhookSecret = "whsec_fake",
}: { port?: number; webhookUrl?: string; webhookSecret?: string } = {}) {
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  /** Line items and subscription_data of each session: real Stripe keeps them off the session object too. */
  const checkoutDetails = new Map<string, { items: { price: StripeObject; quantity: number }[]; subscriptionMetadata: StripeObject }>();
  const requests: { method: string; path: string; body: Record<string, unknown> }[] = [];
  /** Every event built, delivered or not, in order. */
  const events: StripeObject[] = [];
  let webhookUrl = initialWebhookUrl;
  /** Deliveries that follow an API answer (as Stripe's do), chained so `whenDelivered()` can wait for them. */
  let backgroundDeliveries = Promise.resolve();
  const signer = new Stripe("sk_test_fake");

  function createCustomer(body: StripeObject) {
    const customer = {
      id: newId("cus"),
      object: "customer",
      created: now(),
      livemode: false,
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createPrice(body: StripeObject) {
    if (!body.currency) throw invalid("Missing required param: currency.", "currency");
    const unitAmount = Number(body.unit_amount);
    if (!Number.isInteger(unitAmount) || unitAmount < 0) throw invalid("Invalid integer: unit_amount.", "unit_amount");
    const interval = body.recurring?.interval;
    if (interval !== undefined && !INTERVAL_SECONDS[interval]) throw invalid(`Invalid recurring[interval]: ${interval}.`, "recurring[interval]");
    const price = {
      id: newId("price"),
      object: "price",
      active: true,
      created: now(),
      livemode: false,
      currency: String(body.currency).toLowerCase(),
      unit_amount: unitAmount,
      recurring: interval ? { interval, interval_count: 1 } : null,
      type: interval ? "recurring" : "one_time",
      product: body.product ?? newId("prod"),
      nickname: body.product_data?.name ?? null,
      metadata: body.metadata ?? {},
    };
    prices.set(price.id, price);
    return price;
  }

  /** Archiving (`active: false`) or reviving a price; subscriptions already on it keep it, as in Stripe. */
  function updatePrice(id: string, body: StripeObject) {
    const price = find(prices, "price", id);
    if (body.active !== undefined) price.active = body.active === "true";
    for (const [key, value] of Object.entries((body.metadata ?? {}) as StripeObject)) {
      if (value === "") delete price.metadata[key];
      else price.metadata[key] = value;
    }
    return price;
  }

  /** A new checkout or plan change may only use a price that is not archived (Stripe refuses the others). */
  function activePrice(id: string) {
    const price = find(prices, "price", id);
    if (!price.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, "price");
    return price;
  }

  function createSession(body: StripeObject) {
    if (body.mode !== "payment" && body.mode !== "subscription") throw invalid("Missing required param: mode.", "mode");
    if (!body.success_url) throw invalid("Missing required param: success_url.", "success_url");
    const lineItems: StripeObject[] = Array.isArray(body.line_items) ? body.line_items : [];
    if (lineItems.length === 0) throw invalid("Missing required param: line_items.", "line_items");
    const items = lineItems.map((item) => ({
      price: item.price ? activePrice(item.price) : createPrice(item.price_data ?? {}),
      quantity: Number(item.quantity ?? 1),
    }));
    const recurring = items.some((item) => item.price.recurring);
    if (body.mode === "subscription" && !recurring) throw invalid("You must provide at least one recurring price in `subscription` mode.", "line_items");
    if (body.mode === "payment" && recurring) throw invalid("You can not pass recurring prices in `payment` mode.", "line_items");
    if (body.customer) find(customers, "customer", body.customer);
    const id = newId("cs_test");
    const session = {
      id,
      object: "checkout.session",
      created: now(),
      livemode: false,
      mode: body.mode,
      status: "open",
      payment_status: "unpaid",
      amount_total: items.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0),
      currency: items[0].price.currency,
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url ?? null,
      subscription: null as string | null,
      payment_intent: null as string | null,
      url: `${baseUrl}/pay/${id}`,
    };
    sessions.set(id, session);
    checkoutDetails.set(id, { items, subscriptionMetadata: body.subscription_data?.metadata ?? {} });
    return session;
  }

  function createSubscription(customer: string, price: StripeObject, quantity: number, metadata: StripeObject) {
    const start = now();
    const subscription = {
      id: newId("sub"),
      object: "subscription",
      created: start,
      livemode: false,
      customer,
      currency: price.currency,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null as number | null,
      canceled_at: null as number | null,
      ended_at: null as number | null,
      metadata,
      items: { object: "list", has_more: false, data: [] as StripeObject[] },
      latest_invoice: null as string | null,
    };
    subscription.items.data.push({
      id: newId("si"),
      object: "subscription_item",
      created: start,
      subscription: subscription.id,
      price,
      quantity,
      current_period_start: start,
      current_period_end: start + INTERVAL_SECONDS[price.recurring.interval],
      metadata: {},
    });
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  /**
   * An invoice paid for the subscription's current period, shaped like API 2026 (the subscription is under `parent`).
   * A plan change's (`subscription_update`) charges `amount`: the new price less the credit for the old one's unused time.
   */
  function paidInvoice(subscription: StripeObject, billingReason: "subscription_create" | "subscription_cycle" | "subscription_update", amount?: number) {
    const item = subscription.items.data[0];
    amount ??= item.price.unit_amount * item.quantity;
    const period = { start: item.current_period_start, end: item.current_period_end };
    subscription.latest_invoice = newId("in");
    return {
      id: subscription.latest_invoice,
      object: "invoice",
      created: now(),
      livemode: false,
      customer: subscription.customer,
      status: "paid",
      amount_due: amount,
      amount_paid: amount,
      currency: item.price.currency,
      billing_reason: billingReason,
      period_start: period.start,
      period_end: period.end,
      lines: { object: "list", has_more: false, data: [{ id: newId("il"), object: "line_item", amount, currency: item.price.currency, period }] },
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    };
  }

  function updateSubscription(id: string, body: StripeObject) {
    const subscription = find(subscriptions, "subscription", id);
    if (body.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
      subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
    }
    let invoiceNow: number | undefined;
    for (const change of (body.items ?? []) as StripeObject[]) {
      const item = subscription.items.data.find((candidate: StripeObject) => candidate.id === change.id);
      if (!item) throw invalid(`Subscription item ${change.id} is not part of this subscription.`, "items");
      if (!change.price) continue;
      const previous = item.price;
      item.price = activePrice(change.price);
      invoiceNow = changeInvoiceAmount(item, previous, body.proration_behavior);
    }
    // As in Stripe, metadata is merged key by key and an empty value removes the key.
    for (const [key, value] of Object.entries((body.metadata ?? {}) as StripeObject)) {
      if (value === "") delete subscription.metadata[key];
      else subscription.metadata[key] = value;
    }
    const built = [buildEvent("customer.subscription.updated", subscription)];
    if (invoiceNow !== undefined) built.push(buildEvent("invoice.paid", paidInvoice(subscription, "subscription_update", invoiceNow)));
    deliverLater(built);
    return subscription;
  }

  /**
   * What a price change bills at once, or undefined when it waits for the next renewal. As in
   * Stripe: a change of interval restarts the billing period now and is invoiced immediately, the
   * new price less the credit for the old one's unused time (a larger credit stays on the customer's
   * balance, so the invoice is for 0); `always_invoice` bills the prorated difference at once; any
   * other change leaves its prorations for the next renewal's invoice. With `proration_behavior:
   * none` the fake keeps the period and bills nothing (simpler than Stripe, which would still
   * restart the period on an interval change).
   */
  function changeInvoiceAmount(item: StripeObject, previous: StripeObject, prorationBehavior: unknown) {
    if (prorationBehavior === "none") return undefined;
    const start = now();
    const remaining = Math.max(0, item.current_period_end - start) / (item.current_period_end - item.current_period_start);
    const unusedCredit = Math.round(previous.unit_amount * item.quantity * remaining);
    if (previous.recurring.interval !== item.price.recurring.interval) {
      item.current_period_start = start;
      item.current_period_end = start + INTERVAL_SECONDS[item.price.recurring.interval];
      return Math.max(0, item.price.unit_amount * item.quantity - unusedCredit);
    }
    if (prorationBehavior === "always_invoice") return Math.max(0, Math.round(item.price.unit_amount * item.quantity * remaining) - unusedCredit);
    return undefined;
  }

  function cancelSubscription(id: string) {
    const subscription = find(subscriptions, "subscription", id);
    Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now() });
    deliverLater([buildEvent("customer.subscription.deleted", subscription)]);
    return subscription;
  }

  /** Pays a session as the hosted page would, and sends (unless `deliver: false`) the webhooks Stripe would. */
  async function completeSession(id: string, { deliver: send = true }: { deliver?: boolean } = {}) {
    const session = find(sessions, "checkout session", id);
    if (session.status === "complete") return { session, events: [] as StripeObject[] };
    Object.assign(session, { status: "complete", payment_status: "paid" });
    let invoice: StripeObject | undefined;
    if (session.mode === "payment") {
      session.payment_intent = newId("pi");
    } else {
      // Checkout creates a customer when it was given only an email, as real Stripe does.
      session.customer ??= createCustomer({ email: session.customer_email }).id;
      const { items, subscriptionMetadata } = checkoutDetails.get(id)!;
      const subscription = createSubscription(session.customer, items[0].price, items[0].quantity, { ...subscriptionMetadata });
      session.subscription = subscription.id;
      invoice = paidInvoice(subscription, "subscription_create");
    }
    const built = [buildEvent("checkout.session.completed", session)];
    if (invoice) built.push(buildEvent("invoice.paid", invoice));
    if (send) await deliverAll(built);
    return { session, events: built };
  }

  /** Moves a subscription into its next billing period and sends the `invoice.paid` that pays for it. */
  async function renewSubscription(id: string, { deliver: send = true }: { deliver?: boolean } = {}) {
    const subscription = find(subscriptions, "subscription", id);
    for (const item of subscription.items.data) {
      item.current_period_start = item.current_period_end;
      item.current_period_end += INTERVAL_SECONDS[item.price.recurring.interval];
    }
    const built = [buildEvent("invoice.paid", paidInvoice(subscription, "subscription_cycle"))];
    if (send) await deliverAll(built);
    return { subscription, events: built };
  }

  /** The event envelope; the object is copied so later changes do not rewrite what was "sent". */
  function buildEvent(type: string, object: StripeObject, record = true) {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: now(),
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
    };
    if (record) events.push(event);
    return event;
  }

  function signedEvent(type: string, object: StripeObject) {
    const payload = JSON.stringify(buildEvent(type, object, false));
    return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
  }

  /** POSTs one event to the webhook URL, signed as Stripe signs it, and answers the HTTP status. */
  async function deliver(event: StripeObject) {
    if (!webhookUrl) throw new Error("Fake Stripe has no webhookUrl to deliver to");
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": header },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function deliverAll(list: StripeObject[]) {
    if (!webhookUrl) return;
    for (const event of list) await deliver(event);
  }

  /** Sends after the API answer has gone out; a failed delivery is not the API caller's error. */
  function deliverLater(list: StripeObject[]) {
    backgroundDeliveries = backgroundDeliveries.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => deliverAll(list).catch(() => {}));
  }

  const api: [method: string, path: RegExp, handle: (id: string, body: StripeObject) => StripeObject][] = [
    ["POST", /^\/v1\/customers$/, (_id, body) => createCustomer(body)],
    ["POST", /^\/v1\/prices$/, (_id, body) => createPrice(body)],
    ["GET", /^\/v1\/prices\/([^/]+)$/, (id) => find(prices, "price", id)],
    ["POST", /^\/v1\/prices\/([^/]+)$/, (id, body) => updatePrice(id, body)],
    ["POST", /^\/v1\/checkout\/sessions$/, (_id, body) => createSession(body)],
    ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (id) => find(sessions, "checkout session", id)],
    ["GET", /^\/v1\/subscriptions\/([^/]+)$/, (id) => find(subscriptions, "subscription", id)],
    ["POST", /^\/v1\/subscriptions\/([^/]+)$/, (id, body) => updateSubscription(id, body)],
    ["DELETE", /^\/v1\/subscriptions\/([^/]+)$/, (id) => cancelSubscription(id)],
  ];

  async function handleApi(request: http.IncomingMessage, path: string, body: StripeObject) {
    if (!/^Bearer sk_/.test(String(request.headers.authorization ?? ""))) {
      throw new StripeApiError(401, { type: "invalid_request_error", message: "You did not provide an API key. Provide it as a Bearer token." });
    }
    for (const [method, pattern, handle] of api) {
      const match = request.method === method ? pattern.exec(path) : null;
      if (match) return handle(decodeURIComponent(match[1] ?? ""), body);
    }
    throw new StripeApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path}).` });
  }

  function checkoutPage(session: StripeObject) {
    const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: session.currency }).format(session.amount_total / 100);
    const action = `/pay/${encodeURIComponent(session.id)}`;
    return `<!doctype html><html><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body><h1>Fake Stripe Checkout</h1><p>Amount: <strong>${amount}</strong></p><form method="post" action="${action}"><button type="submit">Pay</button></form></body></html>`;
  }

  const server = await startHttpFake(
    async (request, response) => {
      const text = await readText(request);
      const url = new URL(request.url ?? "/", "http://stripe");
      try {
        const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
        if (pay) {
          const id = decodeURIComponent(pay[1]);
          if (request.method === "POST") {
            const { session } = await completeSession(id);
            response.writeHead(303, { Location: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", id) }).end();
          } else {
            const html = checkoutPage(find(sessions, "checkout session", id));
            response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
          }
          return;
        }
        const raw = request.method === "GET" || request.method === "DELETE" ? url.search.slice(1) : text;
        const params = qs.parse(raw, { depth: 10, arrayLimit: 100 }) as StripeObject;
        requests.push({ method: request.method ?? "", path: url.pathname, body: params });
        sendJson(response, 200, await handleApi(request, url.pathname, params), { "Request-Id": newId("req") });
      } catch (error) {
        const status = error instanceof StripeApiError ? error.status : 500;
        const body = error instanceof StripeApiError ? error.error : { type: "api_error", message: String(error) };
        sendJson(response, status, { error: body });
      }
    },
    // A fixed port lets a server started before the test (Playwright's webServer) know where Stripe is.
    { port: requestedPort },
  );
  const baseUrl = server.url;

  return {
    url: baseUrl,
    secretKey: "sk_test_fake" as const,
    webhookSecret,
    sessions,
    subscriptions,
    customers,
    prices,
    requests,
    events,
    completeSession,
    renewSubscription,
    signedEvent,
    deliver,
    /** Resolves once the webhooks that follow API answers (subscription updated or deleted) have been sent. */
    whenDelivered: () => backgroundDeliveries,
    setWebhookUrl: (url: string | undefined) => {
      webhookUrl = url;
    },
    close: server.close,
  };
}
