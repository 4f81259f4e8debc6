import { useId } from "react";
import { useFetcher, useLocation } from "react-router";
import { galleryTexts, type GalleryItemView } from "~/lib/gallery";

/**
 * The owner's public/private control on a gallery item: a switch labelled "Public". It is a POST
 * form to /generate (`set-public`, the item and the state it asks for), so it works without
 * JavaScript and comes back to the page it was on; with JavaScript it posts through a fetcher
 * and shows the new state at once. `describedBy`: the item's prompt, to tell the switches apart.
 */
export function PublicSwitch({ item, describedBy }: { item: GalleryItemView; describedBy?: string }) {
  const location = useLocation();
  const fetcher = useFetcher();
  const id = useId();
  const wanted = fetcher.formData?.get("public");
  const on = typeof wanted === "string" ? wanted === "true" : item.isPublic;
  return (
    <fetcher.Form method="post" action="/generate" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-public" />
      <input type="hidden" name="imageId" value={item.id} />
      <input type="hidden" name="public" value={String(!on)} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button
        id={id}
        type="submit"
        role="switch"
        aria-checked={on}
        aria-describedby={describedBy}
        className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full border transition ${on ? "border-accent bg-accent-strong" : "border-faint bg-raised"}`}
      >
        <span className={`inline-block size-4 rounded-full bg-white shadow transition ${on ? "translate-x-5" : "translate-x-1"}`} />
      </button>
      <label htmlFor={id} className="cursor-pointer text-xs">
        {galleryTexts.publicSwitch}
      </label>
    </fetcher.Form>
  );
}
