import { useEffect, useState } from "react";

/**
 * False for the server's render and the browser's hydration of it, true once the page's script
 * runs: for what only works with script (a popover, a `fetch` answer asked for as data), which
 * must not change the server's HTML or hydration would not match it.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
