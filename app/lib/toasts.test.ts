import { expect, test, vi } from "vitest";
import { onToast, showToast } from "./toasts";

vi.stubGlobal("window", new EventTarget());

test("a toast raised before the toaster listens is shown once it does, and only once", () => {
  showToast("model-settings-failed");
  const seen: string[] = [];
  const stop = onToast((toast) => seen.push(toast.code));
  expect(seen).toEqual(["model-settings-failed"]);
  showToast("agent-updated");
  expect(seen).toEqual(["model-settings-failed", "agent-updated"]);
  stop();
  showToast("message-deleted");
  expect(seen).toEqual(["model-settings-failed", "agent-updated"]);
  const later: string[] = [];
  onToast((toast) => later.push(toast.code))();
  expect(later).toEqual(["message-deleted"]);
});
