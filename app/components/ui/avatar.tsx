import { thumbnailUrl } from "~/lib/catalogue";

const sizes = { 36: "size-9", 64: "size-16" } as const;

/** A round picture of a person or a character, from its small thumbnail, or the default avatar when it has none. */
export function Avatar({ url, size, alt = "" }: { url: string | null; size: keyof typeof sizes; alt?: string }) {
  return (
    <img
      src={thumbnailUrl(url, 150) ?? "/default-avatar.svg"}
      alt={alt}
      className={`${sizes[size]} shrink-0 rounded-full object-cover`}
      width={size}
      height={size}
    />
  );
}
