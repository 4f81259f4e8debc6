import { X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { TextId } from "~/lib/i18n/ids";
import { useT, useTextsReady, type Translate } from "~/lib/i18n/react";
import { onToast, TOAST_MS, toastFor, toasts, type ToastCode } from "~/lib/toasts";
import { useHydrated } from "~/components/use-hydrated";

type Toast = { title: string; message: string; tone: "success" | "error" };

/**
 * Toasts sit at the bottom, above the phone's bottom bar, so they never cover a page's header or
 * the free-tokens banner at the top of a page; in a conversation, just under its header, where
 * the oldest messages are, so the newest, the message box and Send stay in sight.
 */
const TOAST_PLACE = "pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4 md:right-6 md:left-auto md:justify-end";
const TOAST_BOTTOM = { page: "top-auto bottom-24 md:bottom-6", conversation: "top-[4.5rem] bottom-auto md:top-32" } as const;

/**
 * Shows the toast named in the URL, then drops the parameter without a reload; and the toasts
 * raised in the browser (showToast), which replace whatever is showing.
 */
export function Toaster() {
  const location = useLocation();
  const place = `${TOAST_PLACE} ${TOAST_BOTTOM[/^\/chat\/[^/]+/.test(location.pathname) ? "conversation" : "page"]}`;
  const code = new URLSearchParams(location.search).get("toast");
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [raised, setRaised] = useState<{ code: ToastCode; message?: string; at: number } | null>(null);
  const locationKey = useRef(location.key);
  locationKey.current = location.key;
  const t = useT();
  // A toast raised after the page loaded may need its texts fetched first: it shows once they are here.
  const ready = useTextsReady("toasts");
  // A popover is hidden until script opens it: the server's render shows a plain toast.
  const scripted = useHydrated();
  const toast = ready && toastFor(code) ? translatedToast(t, code as ToastCode) : null;

  useEffect(() => {
    if (!code) return;
    const url = new URL(window.location.href);
    url.searchParams.delete("toast");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    const timer = setTimeout(() => setDismissed(location.key), TOAST_MS);
    return () => clearTimeout(timer);
  }, [code, location.key]);

  useEffect(
    () =>
      onToast((next) => {
        setDismissed(locationKey.current);
        setRaised({ ...next, at: Date.now() });
      }),
    [],
  );
  useEffect(() => {
    if (!raised) return;
    const timer = setTimeout(() => setRaised(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [raised]);

  if (raised && ready) {
    const translated = translatedToast(t, raised.code);
    const shown = { ...translated, message: raised.message ?? translated.message };
    return <RaisedToast key={raised.at} place={place} toast={shown} onDismiss={() => setRaised(null)} />;
  }
  if (!toast || dismissed === location.key) return null;
  // Once the page runs its script, a redirect's toast too shows in the top layer, above an open
  // dialog (the chat's details sheet on a phone, where persona and model are chosen).
  if (scripted) return <RaisedToast key={location.key} place={place} toast={toast} onDismiss={() => setDismissed(location.key)} />;
  return (
    <div className={place}>
      <ToastCard toast={toast} onDismiss={() => setDismissed(location.key)} />
    </div>
  );
}

/** A toast in the page's language: its text is `toasts.<code>`, its own title `toasts.<code>.title`. */
function translatedToast(t: Translate, code: ToastCode): Toast {
  const toast = toasts[code];
  const ownTitle = toast.title !== "Success" && toast.title !== "Error";
  return {
    tone: toast.tone,
    title: ownTitle ? t(`toasts.${code}.title` as TextId) : t(toast.tone === "success" ? "toasts.title.success" : "toasts.title.error"),
    message: t(`toasts.${code}` as TextId),
  };
}

/**
 * A manual popover sits in the top layer, so the toast shows above an open modal dialog (the
 * prompt guide copies from one). Only ever rendered in the browser: a popover is hidden until
 * script opens it.
 */
function RaisedToast({ toast, place, onDismiss }: { toast: Toast; place: string; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && !element.matches(":popover-open")) element.showPopover();
  }, []);
  return (
    <div ref={ref} popover="manual" className={`${place} m-0 h-auto w-full overflow-visible border-0 bg-transparent p-0 md:w-auto`}>
      <ToastCard toast={toast} onDismiss={onDismiss} />
    </div>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const t = useT();
  return (
    <div
      className={`pointer-events-auto flex items-start gap-3 rounded-2xl border px-4 py-3 text-left text-sm shadow-2xl ${
        toast.tone === "success" ? "border-success/40 bg-surface" : "border-danger/40 bg-surface"
      }`}
    >
      <div role="status">
        <span className={`block font-semibold ${toast.tone === "success" ? "text-success" : "text-danger"}`}>{toast.title}</span>
        <span className="block text-ink">{toast.message}</span>
      </div>
      <button type="button" onClick={onDismiss} aria-label={t("common.dismiss")} className="-m-1 rounded-full p-1 text-muted hover:bg-raised hover:text-ink">
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
