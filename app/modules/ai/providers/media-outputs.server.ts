import type { MediaOutput } from "./types";

type FileEntry = { url?: unknown; width?: unknown; height?: unknown; duration?: unknown };

/**
 * The files in a provider's result, whatever its model's shape: `images: [...]`, `image`,
 * `video`, `audio`, `audio_file` or `audio_url` entries with a `url` (fal), or `data` entries
 * with `url` or `b64_json` (OpenAI images).
 */
export function mediaOutputsOf(result: unknown): MediaOutput[] {
  if (!result || typeof result !== "object") return [];
  const body = result as Record<string, unknown>;
  const entries: unknown[] = [
    ...(Array.isArray(body.images) ? body.images : []),
    ...(Array.isArray(body.data) ? body.data : []),
    body.image,
    body.video,
    body.audio,
    body.audio_file,
    typeof body.audio_url === "string" ? { url: body.audio_url } : body.audio_url,
  ];
  return entries.flatMap((entry): MediaOutput[] => {
    if (!entry || typeof entry !== "object") return [];
    const file = entry as FileEntry & { b64_json?: unknown };
    const size = { width: numberOrUndefined(file.width), height: numberOrUndefined(file.height), duration: numberOrUndefined(file.duration) };
    if (typeof file.b64_json === "string") return [{ data: Buffer.from(file.b64_json, "base64"), contentType: "image/png", ...size }];
    if (typeof file.url === "string" && file.url) return [{ url: file.url, ...size }];
    return [];
  });
}

function numberOrUndefined(value: unknown) {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
