import type { UploadView } from "~/lib/uploads";

/**
 * Sends one file to My Media (`/api/uploads`) and reports the percent sent: fetch cannot report an
 * upload's progress, XMLHttpRequest can. Resolves with the stored upload, rejects with the server's reason.
 */
export function uploadWithProgress(file: File, onProgress: (percent: number) => void, failed = "Failed to add media"): Promise<UploadView> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/uploads");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      const body = request.response as (UploadView & { error?: string }) | null;
      if (request.status >= 200 && request.status < 300 && body) resolve(body);
      else reject(new Error(body?.error ?? failed));
    });
    request.addEventListener("error", () => reject(new Error(failed)));
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}
