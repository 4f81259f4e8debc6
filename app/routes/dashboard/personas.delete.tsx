import { redirect } from "react-router";
import { z } from "zod";
import { DeleteConfirmation } from "~/components/media/delete-confirmation";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { withToast } from "~/lib/toasts";
import { requireUser } from "~/modules/auth/login-session.server";
import { deletePersona, ownPersona } from "~/modules/chat/personas.server";
import { errorData } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/personas.delete";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "personas.deleteMeta.title");

/** The confirmation a browser without JavaScript asks on; someone else's persona is 404. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { persona: await ownPersona(user.id, params.personaId).catch((error: unknown) => errorData(error)) };
}

/** The Delete button's form. */
const deleteForm = z.object({ intent: z.literal("delete", { error: "Unknown action" }) });

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  try {
    // Someone else's persona is 404 whatever was posted; the owner's needs the Delete button's intent.
    await ownPersona(user.id, params.personaId);
    await parseForm(request, deleteForm, { maxBytes: 16 * 1024 });
    await deletePersona(user.id, params.personaId);
  } catch (error) {
    return errorData(error);
  }
  return redirect(withToast("/dashboard/personas", "persona-deleted"));
}

export default function DeletePersona({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { persona } = loaderData;
  if (!("id" in persona)) return null;
  return (
    <DeleteConfirmation title={t("personas.deleteTitle")} backTo="/dashboard/personas" className="max-w-md">
      <p className="text-sm text-muted">{t("personas.confirmDelete")}</p>
      <p className="truncate text-sm font-medium">{persona.name}</p>
    </DeleteConfirmation>
  );
}
