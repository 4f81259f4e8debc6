/** Spec §9: request timeout 120000 ms. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** Any failure talking to a provider. `partialText` is what had streamed before it failed. */
export class ProviderError extends Error {
  readonly status?: number;
  readonly partialText: string;
  constructor(message: string, options: { status?: number; partialText?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.status = options.status;
    this.partialText = options.partialText ?? "";
  }
}
/** The model cannot be called from here: an unknown platform or model type, or a platform without its key. */
export class ProviderNotConfiguredError extends ProviderError {}
export class ProviderTimeoutError extends ProviderError {}
export class ProviderAbortedError extends ProviderError {}

/** Ties the caller's signal and the overall timeout to one upstream request, and names why it stopped. */
export function guardRequest({ signal, timeoutMs = DEFAULT_TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number }) {
  const controller = new AbortController();
  let reason: "signal" | "timeout" | undefined;
  const stop = (why: "signal" | "timeout") => {
    reason ??= why;
    controller.abort();
  };
  const onAbort = () => stop("signal");
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => stop("timeout"), timeoutMs);
  return {
    signal: controller.signal,
    toError(error: unknown, partialText: string, fallback: string) {
      if (reason === "signal") return new ProviderAbortedError("The request was cancelled", { partialText, cause: error });
      if (reason === "timeout") return new ProviderTimeoutError(`The provider did not answer within ${timeoutMs} ms`, { partialText, cause: error });
      if (error instanceof ProviderError) return error;
      return new ProviderError(fallback, { partialText, cause: error });
    },
    end() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      controller.abort();
    },
  };
}
