import { useEffect, useState } from "react";

/**
 * A number that goes up whenever the person's live feed (`/api/chat/events`) says one of their
 * media jobs changed, or the feed (re)opens after missing some: the gallery reloads on each.
 * Signed out there is no feed; the gallery's 30 s refresh remains either way.
 */
export function useMediaJobEvents(signedIn: boolean) {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!signedIn || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/chat/events");
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
