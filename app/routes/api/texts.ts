import { isLanguage } from "~/lib/i18n/languages";
import { compiledTexts, isNamespace, TEXTS_VERSION } from "~/modules/i18n/catalogue.server";
import type { Route } from "./+types/texts";

/**
 * One namespace of texts, compiled, for a page that needs it after it has loaded. The address
 * carries the catalogue's version, so an answer for the current version is cached for good.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const namespace = params.namespace.replace(/\.json$/, "");
  if (!isLanguage(params.lang) || !isNamespace(namespace) || namespace === "mail") return new Response("Not Found", { status: 404 });
  const current = new URL(request.url).searchParams.get("v") === TEXTS_VERSION;
  return Response.json(compiledTexts(params.lang, namespace), {
    headers: { "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache" },
  });
}
