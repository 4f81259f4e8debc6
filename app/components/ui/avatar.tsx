import type { CSSProperties } from "react";
import { thumbnailUrl } from "~/lib/catalogue";
import { initialsOf, nameBackground } from "~/lib/name-colour";

const sizes = { 36: "size-9", 40: "size-10", 44: "size-11", 64: "size-16" } as const;

/**
 * A round picture of a person or a character, from its small thumbnail. Without a picture, a
 * character (given by `name`) shows its initials; a person shows the default avatar.
 */
export function Avatar({ url, size, alt = "", name }: { url: string | null; size: keyof typeof sizes; alt?: string; name?: string }) {
  const className = `${sizes[size]} shrink-0 rounded-full object-cover`;
  if (name !== undefined) return <CharacterPicture name={name} url={url} thumbnail={150} className={className} alt={alt} width={size} height={size} />;
  return <img src={thumbnailUrl(url, 150) ?? "/default-avatar.svg"} alt={alt} className={className} width={size} height={size} />;
}

/**
 * A character's picture, or its initials on a colour drawn from its name when it has none. The
 * same colour shows behind the picture while it loads, so a card is never an empty dark box.
 */
export function CharacterPicture({
  name,
  url,
  thumbnail,
  className = "",
  alt = "",
  width,
  height,
  lazy = false,
  sizes,
  testId,
}: {
  name: string;
  url: string | null;
  thumbnail: 150 | 300 | 600 | 1024;
  className?: string;
  alt?: string;
  width: number;
  height: number;
  lazy?: boolean;
  /** For a card picture: its displayed width, so the browser picks the 300 or the 600 thumbnail. */
  sizes?: string;
  testId?: string;
}) {
  const style: CSSProperties = { backgroundImage: nameBackground(name) };
  const src = thumbnailUrl(url, thumbnail);
  if (src) {
    const loading = lazy ? "lazy" : undefined;
    const srcSet = sizes && thumbnail === 300 && src.startsWith("/thumb/") ? `${src} 300w, ${thumbnailUrl(url, 600)} 600w` : undefined;
    return (
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={alt}
        className={className}
        style={style}
        width={width}
        height={height}
        loading={loading}
        decoding="async"
        data-testid={testId}
      />
    );
  }
  return (
    <span
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`@container flex items-center justify-center font-semibold text-white select-none ${className}`}
      style={style}
      data-testid={testId}
    >
      <span className="text-[34cqw] leading-none">{initialsOf(name)}</span>
    </span>
  );
}
