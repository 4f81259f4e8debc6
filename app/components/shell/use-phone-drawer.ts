import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from "react";

/** The width where the sidebar stops being a drawer and becomes the rail (Tailwind's md). */
const RAIL_QUERY = "(min-width: 768px)";

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(RAIL_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True below 768 px; null where the width is not known (the server's render, and hydration). */
export function useIsPhone() {
  return useSyncExternalStore<boolean | null>(
    subscribeToWidth,
    () => !window.matchMedia(RAIL_QUERY).matches,
    () => null,
  );
}

/**
 * The phone drawer's open state. While it is open the page behind does not scroll and Escape
 * closes it, handing focus back to the menu button. Crossing the breakpoint closes it, so a drawer
 * opened on a narrow window does not reappear when the window narrows again.
 */
export function usePhoneDrawer(menuButton: RefObject<HTMLButtonElement | null>) {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    setOpen(false);
  }, [phone]);

  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      root.style.overflow = overflow;
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open, menuButton]);

  return { phone: phone === true, widthKnown: phone !== null, open: phone === true && open, setOpen, close };
}
