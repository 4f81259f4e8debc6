import { useState } from "react";
import { Link } from "react-router";
import { MediaPreview } from "~/components/media/media-preview";
import { MediaViewer } from "~/components/media/media-viewer";
import type { GalleryItemView, MediaKind } from "~/lib/gallery";
import type { TextId } from "~/lib/i18n/ids";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { listCollection } from "~/modules/gallery/collection.server";
import type { Route } from "./+types/collection";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "media.meta.collectionTitle");

const KINDS: { value: MediaKind | null; label: TextId }[] = [
  { value: null, label: "media.collection.all" },
  { value: "image", label: "media.collection.images" },
  { value: "video", label: "media.collection.videos" },
  { value: "audio", label: "media.collection.audio" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const kind = KINDS.find((option) => option.value === url.searchParams.get("type"))?.value ?? null;
  return { kind, groups: await listCollection(user.id, kind) };
}

export default function Collection({ loaderData: { kind, groups } }: Route.ComponentProps) {
  const [viewing, setViewing] = useState<{ items: GalleryItemView[]; index: number } | null>(null);
  const t = useT();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("media.collection.heading")}</h1>
        <nav aria-label={t("media.collection.mediaType")} className="flex flex-wrap gap-2">
          {KINDS.map((option) => (
            <Link
              key={option.label}
              to={option.value ? `/collection?type=${option.value}` : "/collection"}
              aria-current={option.value === kind ? "page" : undefined}
              className={`rounded-full border px-4 py-1.5 text-sm ${option.value === kind ? "border-accent bg-accent-strong text-white" : "border-line hover:border-accent"}`}
            >
              {t(option.label)}
            </Link>
          ))}
        </nav>
      </div>
      {groups.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 p-10 text-center">
          <p className="text-muted">{t("media.collection.empty")}</p>
          <Link to="/generate" className="btn-primary">
            {t("media.collection.generate")}
          </Link>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.key} aria-labelledby={`group-${group.key}`} className="flex flex-col gap-3">
            <h2 id={`group-${group.key}`} className="text-lg font-semibold">
              {group.characterId ? group.title : t("media.collection.generatePage")}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {group.items.map((item, index) => (
                <li key={item.id} className="card overflow-hidden" data-testid="collection-item">
                  <MediaPreview item={item} onOpen={() => setViewing({ items: group.items, index })} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {viewing ? (
        <MediaViewer items={viewing.items} index={viewing.index} onIndex={(index) => setViewing({ ...viewing, index })} onClose={() => setViewing(null)} />
      ) : null}
    </div>
  );
}
