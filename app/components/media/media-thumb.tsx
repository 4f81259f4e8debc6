import { AudioLines, Film } from "lucide-react";

/** A small preview of a stored file: the picture's thumbnail, or an icon for video and audio. */
export function MediaThumb({ kind, thumbUrl, label }: { kind: "image" | "video" | "audio"; thumbUrl: string; label: string }) {
  if (kind === "image") return <img src={thumbUrl} alt={label} loading="lazy" className="size-full object-cover" />;
  const Icon = kind === "video" ? Film : AudioLines;
  return (
    <div className="flex size-full items-center justify-center bg-raised text-muted" role="img" aria-label={label}>
      <Icon className="size-8" aria-hidden />
    </div>
  );
}
