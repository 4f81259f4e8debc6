import { useId } from "react";
import { useLocation } from "react-router";
import { OptimisticSwitch } from "~/components/ui/optimistic-switch";
import type { GalleryItemView } from "~/lib/gallery";
import { useT } from "~/lib/i18n/react";

/**
 * The owner's public/private control on a gallery item: a switch labelled "Public". It is a POST
 * form to /generate (`set-public`, the item and the state it asks for), so it works without
 * JavaScript and comes back to the page it was on; with JavaScript it posts through a fetcher
 * and shows the new state at once. `describedBy`: the item's prompt, to tell the switches apart.
 */
export function PublicSwitch({ item, describedBy }: { item: GalleryItemView; describedBy?: string }) {
  const location = useLocation();
  const id = useId();
  const t = useT();
  return (
    <OptimisticSwitch
      action="/generate"
      className="flex items-center gap-2"
      fields={{ intent: "set-public", imageId: item.id }}
      field="public"
      checked={item.isPublic}
      returnTo={location.pathname + location.search}
      look="gallery"
      id={id}
      describedBy={describedBy}
    >
      <label htmlFor={id} className="cursor-pointer text-xs">
        {t("media.gallery.public")}
      </label>
    </OptimisticSwitch>
  );
}
