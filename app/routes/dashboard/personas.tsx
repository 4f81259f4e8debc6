import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { formFailure } from "~/lib/forms";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { createPersona, listPersonas } from "~/modules/chat/personas.server";
import { PersonaForm } from "./+personas/persona-form";
import { savePersonaForm } from "./+personas/persona-action.server";
import type { Route } from "./+types/personas";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "personas.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { personas: await listPersonas(user.id), ownName: user.name ?? user.email.split("@")[0] ?? "" };
}

/** The New persona form; a saved persona shows in the list (the page is read again). */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  return (await savePersonaForm(request, (input) => createPersona(user.id, input))) ?? { ok: true as const, saved: true };
}

export default function Personas({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { personas } = loaderData;
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("personas.heading")}</h1>
        <p className="mt-1 text-sm text-muted">{t("personas.intro", { name: loaderData.ownName })}</p>
      </div>
      {personas.length === 0 ? (
        <p className="text-sm text-muted">{t("personas.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t("personas.listLabel")}>
          {personas.map((persona) => (
            <li key={persona.id} className="card flex items-start gap-4 p-4">
              <Avatar url={persona.avatarUrl} size={44} name={persona.name} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold [overflow-wrap:anywhere]">{persona.name}</h2>
                  {persona.isDefault ? <span className="rounded-full bg-raised px-2 py-0.5 text-xs text-muted">{t("personas.default")}</span> : null}
                </div>
                {persona.description ? (
                  <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-muted [overflow-wrap:anywhere]">{persona.description}</p>
                ) : null}
                <div className="mt-3 flex gap-2">
                  <Link
                    to={`/dashboard/personas/${persona.id}`}
                    className="btn-secondary h-8 px-3 text-xs"
                    aria-label={t("personas.editNamed", { name: persona.name })}
                  >
                    {t("personas.edit")}
                  </Link>
                  <Link
                    to={`/dashboard/personas/${persona.id}/delete`}
                    className="btn-secondary h-8 px-3 text-xs text-danger"
                    aria-label={t("personas.deleteNamed", { name: persona.name })}
                  >
                    {t("personas.delete")}
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section className="card flex flex-col gap-4 p-5" aria-labelledby="new-persona-heading">
        <h2 id="new-persona-heading" className="font-semibold">
          {t("personas.new")}
        </h2>
        {/* Keyed by the count, so the form is blank again once a persona is saved. */}
        <PersonaForm
          key={personas.length}
          intent="create"
          values={{ name: "", description: "", isDefault: false }}
          failure={formFailure(actionData)}
          submitLabel={t("personas.create")}
        />
      </section>
    </div>
  );
}
