import { useCallback, useState } from "react";
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_MESSAGE, attachmentTexts, extensionOf, isAllowedAttachment, type AttachmentView } from "~/lib/attachments";

export type PendingFile = { key: string; name: string; progress: number; uploaded?: AttachmentView; error?: string };

/** Spec section 4: "uploading with percent progress, then done after 1 s". */
const DONE_PAUSE_MS = 1000;

/**
 * Files attached in the composer. Each uploads on its own request so its percent can be shown
 * (XMLHttpRequest reports upload progress; fetch does not); a refused file is dropped with the
 * server's reason.
 */
export function useAttachments() {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const update = (key: string, patch: Partial<PendingFile>) => setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...patch } : file)));

  const add = useCallback(
    (list: FileList | null) => {
      setProblem(null);
      for (const file of Array.from(list ?? [])) {
        if (!isAllowedAttachment(file.name)) {
          setProblem(attachmentTexts.notSupported(extensionOf(file.name) || "?"));
          continue;
        }
        if (file.size > ATTACHMENT_MAX_BYTES) {
          setProblem(attachmentTexts.tooLarge);
          continue;
        }
        const key = `${file.name}-${Date.now()}-${Math.random()}`;
        setFiles((current) => (current.length >= ATTACHMENTS_PER_MESSAGE ? current : [...current, { key, name: file.name, progress: 0 }]));
        const request = new XMLHttpRequest();
        request.open("POST", "/api/chat/uploads");
        request.upload.onprogress = (event) => event.lengthComputable && update(key, { progress: Math.round((event.loaded / event.total) * 100) });
        request.onload = () => {
          const body = JSON.parse(request.responseText || "{}") as AttachmentView & { error?: string };
          if (request.status !== 200) {
            setFiles((current) => current.filter((item) => item.key !== key));
            setProblem(body.error ?? attachmentTexts.uploadFailed(file.name));
            return;
          }
          update(key, { progress: 100 });
          setTimeout(() => update(key, { uploaded: body }), DONE_PAUSE_MS);
        };
        request.onerror = () => {
          setFiles((current) => current.filter((item) => item.key !== key));
          setProblem(attachmentTexts.uploadFailed(file.name));
        };
        const body = new FormData();
        body.set("file", file);
        request.send(body);
      }
    },
    [],
  );
  const remove = useCallback((key: string) => setFiles((current) => current.filter((file) => file.key !== key)), []);
  const clear = useCallback(() => setFiles([]), []);
  const ready = files.flatMap((file) => (file.uploaded ? [file.uploaded] : []));
  const busy = files.some((file) => !file.uploaded);
  return { files, problem, add, remove, clear, ready, busy };
}
