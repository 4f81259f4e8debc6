/**
 * Wakes this instance's media worker at once (a job was started or a webhook arrived here),
 * rather than at its next tick. Kept apart from the worker so starting a job does not load it.
 */
const state = globalThis as unknown as { __mediaWorkerWake?: () => void };

export function wakeMediaWorker() {
  state.__mediaWorkerWake?.();
}

export function onMediaWorkerWake(wake: (() => void) | undefined) {
  state.__mediaWorkerWake = wake;
}
