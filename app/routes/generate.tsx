import { data } from "react-router";
import { z } from "zod";
import { GeneratePage } from "~/components/media/generate-page";
import { galleryReturnPath, parseGalleryFilter, parsePage } from "~/lib/gallery";
import { pageMeta } from "~/lib/i18n/meta";
import { getCurrentUser, requireUser, type CurrentUser } from "~/modules/auth/login-session.server";
import { listGallery, setGalleryImagePublic } from "~/modules/gallery/gallery.server";
import { errorData, failureToast, isAppError, redirectWithToast } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { generateFields, generateFromForm, pendingGenerations, type GenerateInput } from "~/modules/media/generate-form.server";
import { activeMediaModelTypes, publishedMediaModels } from "~/modules/media/generate-options.server";
import { getRequestBalance } from "~/modules/tokens/ledger.server";
import { UPLOAD_FORM } from "~/modules/uploads/upload-form.server";
import type { Route } from "./+types/generate";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "media.meta.generateTitle");

/** Signed out, the page and public images show; generating opens the sign-in modal (spec sections 5 and 6). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  const types = await activeMediaModelTypes();
  const wantedType = url.searchParams.get("type");
  const type =
    types.find((candidate) => candidate.name === wantedType)?.name ?? types.find((candidate) => candidate.name === "image")?.name ?? types[0]?.name ?? "image";
  const models = await publishedMediaModels(type, user?.id ?? null);
  const model = models.find((candidate) => candidate.name === url.searchParams.get("model")) ?? models[0] ?? null;
  const filter = parseGalleryFilter(url.searchParams.get("filter"), Boolean(user));
  const [gallery, pending, balance] = await Promise.all([
    listGallery(user?.id ?? null, filter, parsePage(url.searchParams.get("page"), 50), { through: true }),
    user ? pendingGenerations(user.id) : [],
    user ? getRequestBalance(request, user.id) : null,
  ]);
  return { signedIn: Boolean(user), balance: balance?.total ?? null, types, type, models, model: model?.name ?? null, filter, gallery, pending };
}

/** The owner's public/private switch on a gallery item. */
const setPublicFields = z.object({
  intent: z.literal("set-public"),
  imageId: z.string().default(""),
  public: z
    .unknown()
    .optional()
    .transform((value) => value === "true"),
  returnTo: z.string().nullable().default(null),
});

/**
 * The page's forms, told apart by `intent` (anything else is answered with the failure toast).
 * The Generate form names its model's settings, so the whole form is read as a record first.
 */
const generatePageForm = z
  .record(z.string(), z.unknown())
  .pipe(z.union([generateFields, setPublicFields, z.object({}).transform(() => ({ intent: "other" as const }))]));

/** `generate` starts a job (a form post works without JavaScript); `set-public` is the owner's toggle. */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  let form: z.output<typeof generatePageForm>;
  try {
    form = await parseForm(request, generatePageForm, UPLOAD_FORM);
  } catch (error) {
    return errorData(error);
  }
  switch (form.intent) {
    case "generate":
      return generate(user, form);
    case "set-public":
      return setPublic(user, form);
    default:
      return redirectWithToast("/generate", "generation-failed");
  }
}

async function generate(user: CurrentUser, input: GenerateInput) {
  try {
    const { type, model } = await generateFromForm(user.id, input);
    return redirectWithToast(`/generate?${new URLSearchParams({ type, model, filter: "mine" })}`, "generation-started");
  } catch (error) {
    if (isAppError(error))
      return data({ ok: false as const, error: translateMessage(error.message), code: error.code, ...error.details }, { status: error.status });
    return redirectWithToast("/generate", failureToast(error, "generation-failed"));
  }
}

async function setPublic(user: CurrentUser, form: z.output<typeof setPublicFields>) {
  const back = galleryReturnPath(form.returnTo);
  const isPublic = form.public;
  try {
    await setGalleryImagePublic(user.id, form.imageId, isPublic);
  } catch (error) {
    if (isAppError(error)) return errorData(error);
    return redirectWithToast(back, failureToast(error, "image-status-failed"));
  }
  return redirectWithToast(back, isPublic ? "image-public" : "image-private");
}

export default function Generate({ loaderData, actionData }: Route.ComponentProps) {
  return <GeneratePage {...loaderData} refusal={actionData && "error" in actionData ? actionData : null} />;
}
