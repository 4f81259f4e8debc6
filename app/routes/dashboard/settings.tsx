import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { Avatar } from "~/components/ui/avatar";
import { FormAlert, FormField } from "~/components/ui/form";
import { authTexts } from "~/lib/auth-forms";
import { fieldErrors } from "~/lib/forms";
import { changePasswordSchema } from "~/lib/auth-schemas";
import { replaceAvatar, updateDisplayName } from "~/modules/account/profile.server";
import { countOtherLoginSessions, endOtherLoginSessions, requireUser, type CurrentUser } from "~/modules/auth/login-session.server";
import { changeOwnPassword, hasPassword } from "~/modules/auth/password-change.server";
import { isAppError, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import { IMAGE_MAX_BYTES, ImageRejectedError } from "~/modules/storage/images.server";
import { RateLimitedError } from "~/modules/security/rate-limit.server";
import { ChangePasswordSection } from "./+settings/change-password";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: "Settings · CharacterVerse" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const [otherDevices, withPassword] = await Promise.all([countOtherLoginSessions(user), hasPassword(user.id)]);
  return { email: user.email, name: user.name ?? "", avatarUrl: user.avatarUrl, otherDevices, hasPassword: withPassword };
}

const SETTINGS = "/dashboard/settings";
const nameSchema = z.object({ name: z.string().trim().min(1, "Please enter a name").max(60, "Use at most 60 characters") });
const avatarFailed = (reason?: string) => (reason ? `Failed to upload avatar: ${reason}` : "Failed to upload avatar");

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const form = await readFormWithin(request, IMAGE_MAX_BYTES + 64 * 1024);
  if (!form) return data({ intent: "avatar", error: avatarFailed("Choose an image up to 5 MB") }, { status: 413 });
  switch (form.get("intent")) {
    case "profile":
      return saveName(user, form);
    case "avatar":
      return uploadAvatar(user, form);
    case "change-password":
      return changePassword(user, form);
    case "sign-out-others":
      await endOtherLoginSessions(user);
      return redirectWithToast(SETTINGS, "signed-out-others");
    default:
      return data({ intent: "unknown", error: "An unexpected error occurred" }, { status: 400 });
  }
}

async function saveName(user: CurrentUser, form: FormData) {
  const parsed = nameSchema.safeParse({ name: form.get("name") });
  if (!parsed.success) return data({ intent: "profile", error: parsed.error.issues[0].message }, { status: 400 });
  await updateDisplayName(user.id, parsed.data.name);
  return redirectWithToast(SETTINGS, "profile-updated");
}

async function changePassword(user: CurrentUser, form: FormData) {
  const parsed = changePasswordSchema.safeParse({
    currentPassword: form.get("currentPassword"),
    newPassword: form.get("newPassword"),
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return data({ intent: "password", error: Object.values(fields)[0] ?? authTexts.fallback, fields }, { status: 400 });
  }
  try {
    await changeOwnPassword(user, parsed.data);
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fields = (error.details.fields as Record<string, string> | undefined) ?? {};
    return data({ intent: "password", error: error.message, fields }, { status: error.status, headers: error.headers });
  }
  return redirectWithToast(SETTINGS, "password-changed");
}

async function uploadAvatar(user: CurrentUser, form: FormData) {
  const file = form.get("avatar");
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
  const busy = useNavigation().state !== "idle";
  const errorFor = (intent: string) => (actionData?.intent === intent ? actionData.error : undefined);
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Settings</h1>

      <section className="card flex flex-col gap-4 p-5" aria-labelledby="avatar-heading">
        <h2 id="avatar-heading" className="font-semibold">
          Avatar
        </h2>
        <div className="flex items-center gap-4">
          <Avatar url={loaderData.avatarUrl} size={64} alt="Your avatar" />
          <Form method="post" encType="multipart/form-data" className="flex min-w-0 flex-1 flex-col gap-2 @md:flex-row @md:items-center">
            <input type="hidden" name="intent" value="avatar" />
            <label className="sr-only" htmlFor="avatar">
              Choose an image
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
              Upload
            </button>
          </Form>
        </div>
        {errorFor("avatar") ? <FormAlert tone="error">{errorFor("avatar")}</FormAlert> : null}
      </section>

      <Form method="post" className="card flex flex-col gap-4 p-5">
        <input type="hidden" name="intent" value="profile" />
        <FormField label="Email" name="email" type="email" value={loaderData.email} readOnly disabled />
        <FormField label="Name" name="name" defaultValue={loaderData.name} maxLength={60} required error={errorFor("profile")} />
        <button type="submit" className="btn-primary self-start" disabled={busy}>
          Save Changes
        </button>
      </Form>

      <Form method="post" className="card flex flex-col gap-3 p-5">
        <input type="hidden" name="intent" value="sign-out-others" />
        <h2 className="font-semibold">Devices</h2>
        <p className="text-sm text-muted">
          {loaderData.otherDevices === 0
            ? "You are signed in on this device only."
            : `You are also signed in on ${loaderData.otherDevices} other ${loaderData.otherDevices === 1 ? "device" : "devices"}.`}
        </p>
        <button type="submit" className="btn-secondary self-start" disabled={busy || loaderData.otherDevices === 0}>
          Sign out of all other devices
        </button>
      </Form>

      <ChangePasswordSection hasPassword={loaderData.hasPassword} refusal={actionData?.intent === "password" ? actionData : undefined} busy={busy} />

      <section className="card flex flex-col gap-3 p-5" aria-labelledby="data-heading">
        <h2 id="data-heading" className="font-semibold">
          Your data
        </h2>
        <p className="text-sm text-muted">
          One zip file with your profile, chats and their messages, the characters you made, your tickets, and the media you generated and uploaded.
        </p>
        {/* A file, not a page: the browser downloads it, with or without JavaScript. */}
        <a href="/dashboard/settings/data" download className="btn-secondary self-start">
          Download my data
        </a>
      </section>

      <section className="card flex flex-col gap-3 border-danger/40 p-5" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="font-semibold text-danger">
          Delete account
        </h2>
        <p className="text-sm text-muted">
          Deletes your chats, media, uploads, favorites, tickets and unpublished characters, and signs you out everywhere. It cannot be undone.
        </p>
        <Link to="/dashboard/settings/delete" className="btn-secondary self-start text-danger">
          Delete my account…
        </Link>
      </section>
    </div>
  );
}
