import { Link, redirect } from "react-router";
import { formFailure } from "~/lib/forms";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { withToast } from "~/lib/toasts";
import { requireUser } from "~/modules/auth/login-session.server";
import { ownPersona, updatePersona } from "~/modules/chat/personas.server";
import { errorData } from "~/modules/http/errors.server";
import { PersonaForm } from "./+personas/persona-form";
import { savePersonaForm } from "./+personas/persona-action.server";
import type { Route } from "./+types/personas.edit";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "personas.editMeta.title");

/** Someone else's persona does not exist for this person: 404. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { persona: await ownPersona(user.id, params.personaId).catch((error: unknown) => errorData(error)) };
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  // Someone else's persona is 404 whatever was posted.
  await ownPersona(user.id, params.personaId).catch((error: unknown) => errorData(error));
  const refused = await savePersonaForm(request, (input) => updatePersona(user.id, params.personaId, input));
  return refused ?? redirect(withToast("/dashboard/personas", "persona-saved"));
}

export default function EditPersona({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { persona } = loaderData;
  if (!("id" in persona)) return null;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div>
        <Link to="/dashboard/personas" className="text-sm font-medium">
          {t("personas.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold [overflow-wrap:anywhere]">{t("personas.editHeading", { name: persona.name })}</h1>
      </div>
      <section className="card p-5">
        <PersonaForm intent="update" values={persona} avatarUrl={persona.avatarUrl} failure={formFailure(actionData)} submitLabel={t("personas.save")} />
      </section>
    </div>
  );
}
