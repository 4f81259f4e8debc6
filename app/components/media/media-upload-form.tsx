import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { Upload } from "lucide-react";
import { useT } from "~/lib/i18n/react";
import { showToast } from "~/lib/toasts";
import { UPLOAD_ACCEPT, type UploadView } from "~/lib/uploads";
import { uploadWithProgress } from "./upload-with-progress";

/**
 * Adds a file to My Media. Without JavaScript the form posts to the page (`intent=upload`); with it,
 * the file is sent on its own with its percent shown, and `onAdded` gets the stored upload.
 */
export function MediaUploadForm({ action, onAdded }: { action?: string; onAdded: (upload: UploadView) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const t = useT();

  async function submit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement;
    const file = input.files?.[0];
    event.preventDefault();
    if (!file) return;
    setProgress(0);
    try {
      const upload = await uploadWithProgress(file, setProgress, t("media.upload.failed"));
      input.value = "";
      showToast("media-added");
      onAdded(upload);
    } catch (error) {
      showToast("media-add-failed", t("media.upload.failedWithReason", { reason: (error as Error).message }));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Form method="post" action={action} encType="multipart/form-data" onSubmit={submit} className="flex flex-col gap-2 @md:flex-row @md:items-center">
      <input type="hidden" name="intent" value="upload" />
      <label className="sr-only" htmlFor="media-file">
        {t("media.upload.choose")}
      </label>
      <input
        id="media-file"
        name="file"
        type="file"
        accept={UPLOAD_ACCEPT}
        required
        className="w-full min-w-0 text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink"
      />
      <button type="submit" className="btn-secondary shrink-0" disabled={progress !== null}>
        <Upload className="size-4" aria-hidden /> {t("media.upload.upload")}
      </button>
      {progress !== null ? (
        <div className="flex min-w-32 items-center gap-2" role="status">
          <progress className="h-2 w-24 accent-accent" max={100} value={progress} aria-label={t("media.upload.progress")} />
          <span className="text-sm tabular-nums">{progress}%</span>
        </div>
      ) : null}
    </Form>
  );
}
