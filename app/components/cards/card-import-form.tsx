import { useT } from "~/lib/i18n/react";

import { Upload } from "lucide-react";
import { useEffect } from "react";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import { cardErrorText } from "~/lib/cards";
import { CategoryOptions } from "~/components/category-options";
import { useHydrated } from "~/components/use-hydrated";

type ImportAnswer = { ok: true; characterId: string } | { ok: false; error: string };

/**
 * Import a character card (a PNG with the card inside, or a .json file) into a category. A plain
 * multipart form to /api/characters/import, so it works without JavaScript: the page comes back
 * with `?imported=<id>` or the refusal's key. With JavaScript the reason shows here and
 * `onImported` (else a visit to `redirectTo?imported=<id>`) follows a success. The card's text is
 * never shown as HTML. Cards carry no category (only those exported here do), so one is asked
 * for: the character form needs it to save the character again.
 */
export function CardImportForm({
  redirectTo,
  categories,
  onImported,
}: {
  redirectTo: string;
  categories: { id: number; name: string }[];
  onImported?: (characterId: string) => void;
}) {
  const fetcher = useFetcher<ImportAnswer>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const { data, state } = fetcher;
  useEffect(() => {
    if (state !== "idle" || !data?.ok) return;
    if (onImported) onImported(data.characterId);
    else navigate(`${redirectTo}${redirectTo.includes("?") ? "&" : "?"}imported=${data.characterId}`);
  }, [data, state, onImported, navigate, redirectTo]);
  const t = useT();
  const error = data && !data.ok ? data.error : cardErrorText(searchParams.get("cardError"), searchParams.get("cardField"));

  return (
    <fetcher.Form method="post" action="/api/characters/import" encType="multipart/form-data" className="flex flex-col gap-2">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="answer" value="data" /> : null}
      <label className="text-sm font-medium" htmlFor="card-file">
        {t("common.cardImport.label")}
      </label>
      <input id="card-file" name="card" type="file" accept=".png,.json,image/png,application/json" required className="field max-w-full" />
      <label className="text-sm font-medium" htmlFor="card-category">
        {t("common.cardImport.category")}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <select id="card-category" name="categoryId" defaultValue="" aria-describedby="card-category-note" className="field h-11 min-w-0 flex-1">
          <CategoryOptions categories={categories} />
        </select>
        <button type="submit" className="btn-secondary" disabled={state !== "idle"}>
          <Upload className="size-4" aria-hidden /> {state === "idle" ? t("common.cardImport.import") : t("common.cardImport.importing")}
        </button>
      </div>
      <p id="card-category-note" className="text-xs text-faint">
        {t("common.cardImport.categoryNote")}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
