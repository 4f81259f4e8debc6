import { useEffect, type RefObject } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * For a modal that is not a native <dialog> (one the server renders, so it shows without
 * JavaScript): focus moves into it when it opens, Tab and Shift+Tab stay inside it, and when it
 * closes focus goes back to where it was, or to `returnTo()` when that element is gone.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, returnTo?: () => HTMLElement | null) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () =>
      [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null || item === document.activeElement);
    if (!element.contains(document.activeElement)) (focusables()[0] ?? element).focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || document.querySelector("dialog[open]")) return;
      const items = focusables();
      if (!items.length) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = element.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      const target = before?.isConnected && !element.contains(before) ? before : returnTo?.();
      // After the route has rendered without the modal.
      if (target) requestAnimationFrame(() => target.focus({ preventScroll: true }));
    };
    // Opened once per mount: a modal route remounts for another record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
