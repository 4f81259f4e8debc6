import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Avatar } from "~/components/ui/avatar";
import { FormAlert, FormField } from "~/components/ui/form";
import { authTexts } from "~/lib/auth-forms";
import { fieldErrors } from "~/lib/forms";
import { changePasswordSchema } from "~/lib/auth-schemas";
import { LANGUAGE_NAMES } from "~/lib/i18n/languages";
import { pageMeta } from "~/lib/i18n/meta";
import { useLang, useT } from "~/lib/i18n/react";
import { setReplyInLanguage } from "~/modules/account/language.server";
import { replaceAvatar, updateDisplayName } from "~/modules/account/profile.server";
import { countOtherLoginSessions, endOtherLoginSessions, requireUser, type CurrentUser } from "~/modules/auth/login-session.server";
import { changeOwnPassword, hasPassword } from "~/modules/auth/password-change.server";
import { isAppError, redirectWithToast } from "~/modules/http/errors.server";
import { BodyTooLargeError, parseForm } from "~/modules/http/form.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { IMAGE_MAX_BYTES, ImageRejectedError } from "~/modules/storage/images.server";
import { RateLimitedError } from "~/modules/security/rate-limit.server";
import { ChangePasswordSection } from "./+settings/change-password";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.settings.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [otherDevices, withPassword] = await Promise.all([countOtherLoginSessions(user), hasPassword(user.id)]);
  return {
    email: user.email,
    name: user.name ?? "",
    avatarUrl: user.avatarUrl,
    otherDevices,
    hasPassword: withPassword,
    replyInLanguage: user.replyInLanguage,
  };
}

const SETTINGS = "/dashboard/settings";
const nameSchema = z.object({ name: z.string().trim().min(1, "Please enter a name").max(60, "Use at most 60 characters") });
/** Every section's form, told apart by `intent`; each section checks its own fields, with its own texts. */
const settingsForm = z.object({
  intent: z.string().optional(),
  name: z.string().optional(),
  currentPassword: z.string().optional(),
  newPassword: z.string().optional(),
  confirmPassword: z.string().default(""),
  avatar: z.unknown().optional(),
  replyInLanguage: z.string().optional(),
});
type SettingsForm = z.output<typeof settingsForm>;

/** In the request's language: the reason first, then the whole message (found by its English pattern). */
const avatarFailed = (reason?: string) => translateMessage(reason ? `Failed to upload avatar: ${translateMessage(reason)}` : "Failed to upload avatar");
/** Field errors in the request's language. */
const translatedFields = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, text === undefined ? text : translateMessage(text)]));

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await parseForm(request, settingsForm, { maxBytes: IMAGE_MAX_BYTES + 64 * 1024 }).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  });
  if (!form) return data({ intent: "avatar", error: avatarFailed("Choose an image up to 5 MB") }, { status: 413 });
  switch (form.intent) {
    case "profile":
      return saveName(user, form.name);
    case "avatar":
      return uploadAvatar(user, form.avatar);
    case "change-password":
      return changePassword(user, form);
    case "reply-language":
      // A checkbox sends its value only when ticked: no value is "off".
      await setReplyInLanguage(user.id, form.replyInLanguage === "on");
      return redirectWithToast(SETTINGS, "profile-updated");
    case "sign-out-others":
      await endOtherLoginSessions(user);
      return redirectWithToast(SETTINGS, "signed-out-others");
    default:
      return data({ intent: "unknown", error: translateMessage("An unexpected error occurred") }, { status: 400 });
  }
}

async function saveName(user: CurrentUser, name: string | undefined) {
  const parsed = nameSchema.safeParse({ name });
  if (!parsed.success) return data({ intent: "profile", error: translateMessage(parsed.error.issues[0].message) }, { status: 400 });
  await updateDisplayName(user.id, parsed.data.name);
  return redirectWithToast(SETTINGS, "profile-updated");
}

async function changePassword(user: CurrentUser, form: SettingsForm) {
  const parsed = changePasswordSchema.safeParse(form);
  if (!parsed.success) {
    const fields = translatedFields(fieldErrors(parsed.error));
    return data({ intent: "password", error: Object.values(fields)[0] ?? translateMessage(authTexts.fallback), fields }, { status: 400 });
  }
  try {
    await changeOwnPassword(user, parsed.data);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fields = translatedFields((error.details.fields as Record<string, string> | undefined) ?? {});
    return data({ intent: "password", error: translateMessage(error.message), fields }, { status: error.status, headers: error.headers });
  }
  return redirectWithToast(SETTINGS, "password-changed");
}

async function uploadAvatar(user: CurrentUser, file: unknown) {
  if (!(file instanceof File)) return data({ intent: "avatar", error: avatarFailed() }, { status: 400 });
  try {
    await replaceAvatar(user.id, file);
  } catch (error) {
    if (!(error instanceof ImageRejectedError || error instanceof RateLimitedError)) throw error;
    return data({ intent: "avatar", error: avatarFailed(error.message) }, { status: error.status, headers: error.headers });
  }
  return redirectWithToast(SETTINGS, "profile-updated");
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const busy = useNavigation().state !== "idle";
  const errorFor = (intent: string) => (actionData?.intent === intent ? actionData.error : undefined);
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("dashboard.settings.heading")}</h1>

      <section className="card flex flex-col gap-4 p-5" aria-labelledby="avatar-heading">
        <h2 id="avatar-heading" className="font-semibold">
          {t("dashboard.settings.avatar.heading")}
        </h2>
        <div className="flex items-center gap-4">
          <Avatar url={loaderData.avatarUrl} size={64} alt={t("dashboard.settings.avatar.alt")} />
          <Form method="post" encType="multipart/form-data" className="flex min-w-0 flex-1 flex-col gap-2 @md:flex-row @md:items-center">
            <input type="hidden" name="intent" value="avatar" />
            <label className="sr-only" htmlFor="avatar">
              {t("dashboard.settings.avatar.choose")}
            </label>
            <input
              id="avatar"
              name="avatar"
              type="file"
              accept="image/*"
              required
              className="w-full min-w-0 text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink"
            />
            <button type="submit" className="btn-secondary shrink-0" disabled={busy}>
              {t("dashboard.settings.avatar.upload")}
            </button>
          </Form>
        </div>
        {errorFor("avatar") ? <FormAlert tone="error">{errorFor("avatar")}</FormAlert> : null}
      </section>

      <Form method="post" className="card flex flex-col gap-4 p-5">
        <input type="hidden" name="intent" value="profile" />
        <FormField label={t("dashboard.settings.profile.email")} name="email" type="email" value={loaderData.email} readOnly disabled />
        <FormField
          label={t("dashboard.settings.profile.name")}
          name="name"
          defaultValue={loaderData.name}
          maxLength={60}
          required
          error={errorFor("profile")}
        />
        <button type="submit" className="btn-primary self-start" disabled={busy}>
          {t("dashboard.settings.profile.save")}
        </button>
      </Form>

      <Form method="post" className="card flex flex-col gap-3 p-5">
        <input type="hidden" name="intent" value="sign-out-others" />
        <h2 className="font-semibold">{t("dashboard.settings.devices.heading")}</h2>
        <p className="text-sm text-muted">
          {loaderData.otherDevices === 0
            ? t("dashboard.settings.devices.thisOnly")
            : t("dashboard.settings.devices.others", { count: loaderData.otherDevices })}
        </p>
        <button type="submit" className="btn-secondary self-start" disabled={busy || loaderData.otherDevices === 0}>
          {t("dashboard.settings.devices.signOutOthers")}
        </button>
      </Form>

      <ChangePasswordSection hasPassword={loaderData.hasPassword} refusal={actionData?.intent === "password" ? actionData : undefined} busy={busy} />

      <section className="card flex flex-col gap-3 p-5" aria-labelledby="replies-heading">
        <h2 id="replies-heading" className="font-semibold">
          {t("dashboard.settings.replies.heading")}
        </h2>
        {/* A plain form: ticking and saving works without JavaScript. */}
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="reply-language" />
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="replyInLanguage"
              value="on"
              defaultChecked={loaderData.replyInLanguage}
              aria-describedby="replies-hint"
              className="mt-0.5 size-4 shrink-0 accent-accent"
            />
            <span className="font-medium">{t("dashboard.settings.replies.label")}</span>
          </label>
          <p id="replies-hint" className="text-xs text-faint">
            {t("dashboard.settings.replies.hint")}
          </p>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("dashboard.settings.replies.save")}
          </button>
        </Form>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <span>
            {t("dashboard.settings.replies.language")}{" "}
            <span lang={lang} className="font-medium text-ink">
              {LANGUAGE_NAMES[lang]}
            </span>
          </span>
          <Link to="/language" className="font-medium">
            {t("dashboard.settings.replies.changeLanguage")}
          </Link>
        </p>
      </section>

      <section className="card flex flex-col gap-3 p-5" aria-labelledby="data-heading">
        <h2 id="data-heading" className="font-semibold">
          {t("dashboard.settings.data.heading")}
        </h2>
        <p className="text-sm text-muted">{t("dashboard.settings.data.description")}</p>
        {/* A file, not a page: the browser downloads it, with or without JavaScript. */}
        <a href="/dashboard/settings/data" download className="btn-secondary self-start">
          {t("dashboard.settings.data.download")}
        </a>
      </section>

      <section className="card flex flex-col gap-3 border-danger/40 p-5" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="font-semibold text-danger">
          {t("dashboard.settings.delete.heading")}
        </h2>
        <p className="text-sm text-muted">{t("dashboard.settings.delete.description")}</p>
        <Link to="/dashboard/settings/delete" className="btn-secondary self-start text-danger">
          {t("dashboard.settings.delete.link")}
        </Link>
      </section>
    </div>
  );
}
