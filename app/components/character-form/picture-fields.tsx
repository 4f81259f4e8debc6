import { thumbnailUrl } from "~/lib/catalogue";
import { useT } from "~/lib/i18n/react";
import { FieldNote } from "~/components/ui/form";
import { fieldId } from "./fields";

export type AvatarOffer = { model: string; costTokens: number };

export function AvatarField({ avatarUrl, error }: { avatarUrl?: string | null; error?: string }) {
  const t = useT();
  const id = fieldId("avatar");
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t("create.form.avatar.label")}
      </label>
      <div className="flex items-center gap-3">
        {avatarUrl ? (
          <img src={thumbnailUrl(avatarUrl, 150) ?? avatarUrl} alt={t("create.form.avatar.current")} className="size-14 shrink-0 rounded-full object-cover" />
        ) : null}
        <input
          id={id}
          name="avatar"
          type="file"
          accept="image/*"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          className="w-full min-w-0 text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink"
        />
      </div>
      <FieldNote id={`${id}-note`} error={error} hint={avatarUrl ? t("create.form.avatar.hintReplace") : t("create.form.avatar.hint")} />
    </div>
  );
}

/** "Generate the avatar from the image prompt", with the model and its price; an uploaded picture wins over it. */
export function GenerateAvatarField({ offer, checked }: { offer: AvatarOffer | null; checked: boolean }) {
  const t = useT();
  if (!offer) return <p className="text-sm text-muted">{t("create.form.avatar.noModel")}</p>;
  const id = fieldId("generateAvatar");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <input id={id} type="checkbox" name="generateAvatar" defaultChecked={checked} aria-describedby={`${id}-note`} className="size-4 accent-accent" />
        {t("create.form.avatar.generate")}
      </label>
      <p id={`${id}-note`} className="text-xs text-muted">
        {t("create.form.avatar.generateNote", { model: offer.model, count: offer.costTokens })}
      </p>
    </div>
  );
}
