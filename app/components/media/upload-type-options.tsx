import type { TextId } from "~/lib/i18n/ids";
import { useT } from "~/lib/i18n/react";
import { UPLOAD_MEDIA_TYPES, type UploadMediaType } from "~/lib/uploads";

const TYPE_LABELS: Record<UploadMediaType, TextId> = { image: "media.upload.type.image", video: "media.upload.type.video", audio: "media.upload.type.audio" };

/** The options of an uploads type filter: "All types" (the empty value), then each type by its name. */
export function UploadTypeOptions() {
  const t = useT();
  return (
    <>
      <option value="">{t("media.upload.allTypes")}</option>
      {UPLOAD_MEDIA_TYPES.map((type) => (
        <option key={type} value={type}>
          {t(TYPE_LABELS[type])}
        </option>
      ))}
    </>
  );
}
