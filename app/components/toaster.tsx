import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { TOAST_MS, toastFor } from "~/lib/toasts";

/** Shows the toast named in the URL, then drops the parameter without a reload. */
export function Toaster() {
  const location = useLocation();
  const code = new URLSearchParams(location.search).get("toast");
  const [dismissed, setDismissed] = useState<string | null>(null);
  const toast = toastFor(code);

  useEffect(() => {
    if (!code) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("toast");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    const timer = setTimeout(() => setDismissed(location.key), TOAST_MS);
    return () => clearTimeout(timer);
  }, [code, location.key]);

  if (!toast || dismissed === location.key) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <button
        type="button"
        role="status"
        onClick={() => setDismissed(location.key)}
        className={`pointer-events-auto rounded-2xl border px-4 py-3 text-left text-sm shadow-2xl ${
          toast.tone === "success" ? "border-success/40 bg-surface" : "border-danger/40 bg-surface"
        }`}
      >
        <span className={`block font-semibold ${toast.tone === "success" ? "text-success" : "text-danger"}`}>{toast.title}</span>
        <span className="block text-ink">{toast.message}</span>
      </button>
    </div>
  );
}
