import { UPLOAD_MEDIA_TYPES } from "~/lib/uploads";

/** The options of an uploads type filter: "All types" (the empty value), then each type by its name. */
export function UploadTypeOptions() {
  return (
    <>
      <option value="">All types</option>
      {UPLOAD_MEDIA_TYPES.map((type) => (
        <option key={type} value={type}>
          {type[0]!.toUpperCase() + type.slice(1)}
        </option>
      ))}
    </>
  );
}
