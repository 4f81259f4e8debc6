import { Form, redirect } from "react-router";
import { z } from "zod";
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from "~/lib/i18n/languages";
import { pageMeta } from "~/lib/i18n/meta";
import { useLang, useT } from "~/lib/i18n/react";
import { setPersonLanguage } from "~/modules/account/language.server";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { env } from "~/modules/config/env.server";
import { parseForm } from "~/modules/http/form.server";
import { languageCookie } from "~/modules/i18n/request.server";
import type { Route } from "./+types/language";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "common.language.meta.title", "common.language.meta.description");

export async function loader({ request }: Route.LoaderArgs) {
  return { signedIn: (await getCurrentUser(request)) !== null };
}

const languageForm = z.object({ language: z.string().refine(isLanguage) });

/**
 * Keeps the choice in a cookie for this browser and, for a signed-in person, on their account, so
 * it follows them to another browser and into their mails. Every following page uses it.
 */
export async function action({ request }: Route.ActionArgs) {
  const { language } = await parseForm(request, languageForm, { maxBytes: 1024 });
  if (!isLanguage(language)) throw new Response("Bad Request", { status: 400 });
  const user = await getCurrentUser(request);
  if (user) await setPersonLanguage(user.id, language);
  const secure = env().NODE_ENV === "production" && env().APP_URL.startsWith("https://");
  return redirect("/language?toast=language-changed", { status: 303, headers: { "Set-Cookie": languageCookie(language, secure) } });
}

export default function Language({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const current = useLang();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:py-12">
      <div className="mx-auto max-w-xl">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t("common.language.heading")}</h1>
        <p className="mt-2 text-muted">{t("common.language.intro")}</p>

        {/* A whole page load after the choice: every text of the next page is in the new language. */}
        <Form method="post" reloadDocument className="mt-8">
          <fieldset className="space-y-3">
            <legend className="sr-only">{t("common.language.legend")}</legend>
            {LANGUAGES.map((language) => (
              <label
                key={language}
                lang={language}
                className={`card flex cursor-pointer items-center gap-4 p-4 has-checked:border-accent has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent`}
              >
                <input type="radio" name="language" value={language} defaultChecked={language === current} className="peer sr-only" />
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent uppercase"
                >
                  {language}
                </span>
                <span className="flex-1">
                  <span className="block font-medium text-ink">{LANGUAGE_NAMES[language]}</span>
                  {language === current ? (
                    <span lang={current} className="block text-sm text-muted">
                      {t("common.language.current")}
                    </span>
                  ) : null}
                </span>
                <span aria-hidden="true" className="hidden size-6 items-center justify-center rounded-full bg-accent-strong text-white peer-checked:flex">
                  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" className="size-4">
                    <path d="M5 12l5 5 9-10" />
                  </svg>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn-primary mt-6 w-full sm:w-auto">
            {t("common.language.save")}
          </button>
        </Form>

        <p className="mt-6 rounded-xl border border-line bg-raised px-4 py-3 text-sm text-muted">
          {loaderData.signedIn ? t("common.language.signedInNote") : t("common.language.visitorNote")}
        </p>
      </div>
    </div>
  );
}
