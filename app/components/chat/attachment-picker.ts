import { useCallback, useRef, useState } from "react";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_MESSAGE, extensionOf, isAllowedAttachment, type AttachmentView } from "~/lib/attachments";
import { useT, type Translate } from "~/lib/i18n/react";
import { showToast } from "~/lib/toasts";

export type PendingFile = { key: string; name: string; progress: number; uploaded?: AttachmentView; error?: string };

/** Spec section 4: "uploading with percent progress, then done after 1 s". */
const DONE_PAUSE_MS = 1000;

const newKey = (name: string) => `${name}-${Date.now()}-${Math.random()}`;

/**
 * Files attached in the composer. Each uploads on its own request so its percent can be shown
 * (XMLHttpRequest reports upload progress; fetch does not); a refused file is dropped with the
 * server's reason. A file beyond the per-message limit is refused before it is uploaded.
 */
export function useAttachments() {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const t = useT();
  // Spec section 8: a refused file is an error toast; the line above the composer keeps the reason.
  const refuse = useCallback((reason: string) => {
    setProblem(reason);
    showToast("attachment-refused", reason);
  }, []);
  // The list as of the last change, so several files chosen at once are counted against the limit.
  const current = useRef<PendingFile[]>([]);
  const change = useCallback((next: (list: PendingFile[]) => PendingFile[]) => {
    current.current = next(current.current);
    setFiles(current.current);
  }, []);
  const update = useCallback(
    (key: string, patch: Partial<PendingFile>) => change((list) => list.map((file) => (file.key === key ? { ...file, ...patch } : file))),
    [change],
  );
  const fail = useCallback(
    (key: string, reason: string) => {
      change((list) => list.filter((item) => item.key !== key));
      refuse(reason);
    },
    [change, refuse],
  );

  const add = useCallback(
    (list: FileList | null) => {
      setProblem(null);
      for (const file of Array.from(list ?? [])) {
        if (!isAllowedAttachment(file.name)) {
          refuse(t("chat.error.notSupported", { extension: extensionOf(file.name) || "?" }));
          continue;
        }
        if (file.size > ATTACHMENT_MAX_BYTES) {
          refuse(t("chat.error.tooLarge"));
          continue;
        }
        if (current.current.length >= ATTACHMENTS_PER_MESSAGE) {
          refuse(t("chat.error.tooMany", { count: ATTACHMENTS_PER_MESSAGE }));
          continue;
        }
        const key = newKey(file.name);
        change((list) => [...list, { key, name: file.name, progress: 0 }]);
        upload(t, file, {
          progress: (percent) => update(key, { progress: percent }),
          done: (view) => {
            update(key, { progress: 100 });
            setTimeout(() => update(key, { uploaded: view }), DONE_PAUSE_MS);
          },
          failed: (reason) => fail(key, reason),
        });
      }
    },
    [change, update, fail, refuse, t],
  );
  const remove = useCallback((key: string) => change((list) => list.filter((file) => file.key !== key)), [change]);
  /** After a send: no files, and no reason left over from a file refused before it. */
  const clear = useCallback(() => {
    change(() => []);
    setProblem(null);
  }, [change]);
  /** Files already uploaded, given back (a message that could not be sent). */
  const restore = useCallback(
    (views: AttachmentView[]) =>
      change((list) =>
        [...list, ...views.map((view) => ({ key: newKey(view.name), name: view.name, progress: 100, uploaded: view }))].slice(0, ATTACHMENTS_PER_MESSAGE),
      ),
    [change],
  );
  const ready = files.flatMap((file) => (file.uploaded ? [file.uploaded] : []));
  const busy = files.some((file) => !file.uploaded);
  return { files, problem, add, remove, clear, restore, ready, busy };
}

/**
 * One upload. Any answer that is not the stored file's JSON (a proxy's HTML 413 page, a plain-text
 * 500, a dropped connection) is a failure: spec section 4, "on failure the file is removed and an
 * error shown".
 */
function upload(t: Translate, file: File, on: { progress: (percent: number) => void; done: (view: AttachmentView) => void; failed: (reason: string) => void }) {
  const request = new XMLHttpRequest();
  request.open("POST", "/api/chat/uploads");
  request.upload.onprogress = (event) => event.lengthComputable && on.progress(Math.round((event.loaded / event.total) * 100));
  request.onload = () => {
    const body = readJson(request.responseText);
    if (request.status === 200 && typeof body?.path === "string") return on.done(body as AttachmentView);
    // Spec: 'Failed to upload {filename}', with the server's reason when it gave one.
    on.failed(
      request.status !== 200 && typeof body?.error === "string"
        ? `${t("chat.error.uploadFailed", { name: file.name })}: ${body.error}`
        : t("chat.error.uploadFailed", { name: file.name }),
    );
  };
  request.onerror = request.onabort = request.ontimeout = () => on.failed(t("chat.error.uploadFailed", { name: file.name }));
  const body = new FormData();
  body.set("file", file);
  request.send(body);
}

function readJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
