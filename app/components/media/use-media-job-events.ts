import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/**
 * A number that goes up whenever the person's live feed (`/api/events`) says one of their
 * media jobs changed, or the feed (re)opens after missing some: the gallery reloads on each.
 * Signed out there is no feed; the gallery's 30 s refresh remains either way.
 */
export function useMediaJobEvents(signedIn: boolean) {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!signedIn || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let opened = false;
    const bump = () => setVersion((current) => current + 1);
    source.addEventListener("media-job", bump);
    source.addEventListener("open", () => {
      if (opened) bump();
      opened = true;
    });
    return () => source.close();
  }, [signedIn]);
  return version;
}

/**
 * While `active` (something is being generated), the page's loaders run again whenever one of the
 * person's media jobs changes, and every 10 s besides (a change before the feed opened).
 */
export function useRevalidateOnMediaJobs(active: boolean) {
  const version = useMediaJobEvents(active);
  const { revalidate } = useRevalidator();
  const latest = useRef(revalidate);
  latest.current = revalidate;
  useEffect(() => {
    if (version > 0) void latest.current();
  }, [version]);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void latest.current(), 10_000);
    return () => clearInterval(timer);
  }, [active]);
}
