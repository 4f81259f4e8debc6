import { useState, type MouseEvent } from "react";
import { createPortal } from "react-dom";
import type { ChatMessageView } from "~/lib/chat";
import { useT } from "~/lib/i18n/react";
import { MediaViewer, type ViewerItem } from "../media/media-viewer";

/**
 * A message's attached files and a picture request's media. Its pictures open in the media viewer
 * (the gallery's), one after another with the arrows; without JavaScript each is a link to the
 * file. Other files are links, videos and sounds play in place.
 */
export function MessageFiles({ message }: { message: ChatMessageView }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const t = useT();
  const attachments = message.attachments ?? [];
  const media = message.media ?? [];
  const pictures: ViewerItem[] = [
    ...attachments
      .filter((file) => file.contentType.startsWith("image/"))
      .map((file) => ({ id: file.path, kind: "image" as const, url: file.url, prompt: file.name })),
    ...media.filter((item) => item.kind === "image").map((item) => ({ id: item.url, kind: "image" as const, url: item.url, prompt: "" })),
  ];
  const open = (url: string) => (event: MouseEvent) => {
    // A click with a modifier opens the file in a tab, as a link does.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setViewing(pictures.findIndex((picture) => picture.url === url));
  };
  return (
    <>
      {attachments.length ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("chat.files.attached")}>
          {attachments.map((file) => (
            <li key={file.path}>
              {file.contentType.startsWith("image/") ? (
                <a href={file.url} target="_blank" rel="noopener noreferrer" onClick={open(file.url)}>
                  <img src={file.url} alt={file.name} className="max-h-40 rounded-lg" loading="lazy" />
                </a>
              ) : (
                <a href={file.url} target="_blank" rel="noopener noreferrer" className="inline-block rounded-lg bg-black/20 px-2 py-1 text-xs underline">
                  {file.name}
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {media.length ? (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label={t("chat.files.media")}>
          {media.map((item) =>
            item.kind === "image" ? (
              <li key={item.url}>
                <a href={item.url} target="_blank" rel="noopener noreferrer" onClick={open(item.url)}>
                  <img src={item.thumbUrl} alt={t("chat.files.chatPicture")} className="max-h-64 rounded-lg" loading="lazy" />
                </a>
              </li>
            ) : (
              <li key={item.url} className="min-w-0 max-w-full">
                {/* A sound (a voice note) keeps within its bubble on a phone, and says how long it is before it plays. */}
                {item.kind === "video" ? (
                  <video src={item.url} controls className="max-h-64 rounded-lg" />
                ) : (
                  <audio src={item.url} controls preload="metadata" className="block w-72 max-w-full" />
                )}
              </li>
            ),
          )}
        </ul>
      ) : null}
      {viewing !== null && viewing >= 0
        ? createPortal(<MediaViewer items={pictures} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} />, document.body)
        : null}
    </>
  );
}
