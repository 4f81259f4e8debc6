import { generateTexts } from "~/lib/generate";
import { InvalidInputError } from "~/modules/http/errors.server";
import { runningJobsOf, startGeneration } from "~/modules/media/jobs.server";
import { fileInForm } from "~/modules/uploads/upload-form.server";
import { addUpload, ownUpload } from "~/modules/uploads/uploads.server";
import { publishedMediaModels } from "./generate-options.server";

/** The longest prompt a person may send. */
const PROMPT_MAX = 4000;

/** The settings as the form sent them (`setting.<name>`, and width and height for a custom size), as text. */
function submittedSettings(form: FormData) {
  const settings: Record<string, string> = {};
  for (const [field, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (field.startsWith("setting.")) settings[field.slice("setting.".length)] = value;
    else if (field === "width" || field === "height") settings[field] = value;
  }
  return settings;
}

/**
 * Starts a generation from the Generate form: a published model of an active media type, and a
 * prompt or a picture to start from (a file posted with the form joins My Media first; one picked
 * from My Media must be the person's own). The jobs module checks the settings against the
 * model's options, prices the job and holds its tokens.
 */
export async function generateFromForm(userId: string, form: FormData) {
  const type = String(form.get("type") ?? "");
  const model = (await publishedMediaModels(type, userId)).find((candidate) => candidate.name === form.get("model"));
  if (!model) throw new InvalidInputError(generateTexts.noModel, { model: generateTexts.noModel });
  const prompt = String(form.get("prompt") ?? "").trim();
  if (prompt.length > PROMPT_MAX) throw new InvalidInputError(`Use at most ${PROMPT_MAX} characters`, { prompt: `Use at most ${PROMPT_MAX} characters` });
  const file = model.takesSourceImage ? fileInForm(form) : null;
  const pickedId = model.takesSourceImage ? String(form.get("sourceUploadId") ?? "") : "";
  if (!prompt && !file && !pickedId) throw new InvalidInputError(generateTexts.needPrompt, { prompt: generateTexts.needPrompt });
  const sourceUploadId = file ? (await addUpload(userId, file)).id : pickedId ? (await ownUpload(userId, pickedId)).id : undefined;
  const started = await startGeneration({ userId, modelId: model.name, prompt, settings: submittedSettings(form), sourceUploadId });
  return { type, model: model.name, ...started };
}

/** The person's generations still running, newest first: the gallery shows them as Generating. */
export async function pendingGenerations(userId: string) {
  return (await runningJobsOf(userId)).map((job) => ({ jobId: job.id, prompt: job.prompt, status: job.status, createdAt: job.createdAt }));
}
