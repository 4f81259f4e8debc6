import { generateTexts, readGenerateSettings } from "~/lib/generate";
import { prisma } from "~/modules/db/db.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { fileInForm } from "~/modules/uploads/upload-form.server";
import { addUpload, ownUpload } from "~/modules/uploads/uploads.server";
import { startGeneration } from "~/modules/media/jobs.server";
import { publishedMediaModels } from "./generate-options.server";

/** The longest prompt a person may send. */
const PROMPT_MAX = 4000;

/**
 * Starts a generation from the Generate form: a published model of an active media type, its
 * settings each one of the model's options, and a prompt or a picture to start from (a file
 * posted with the form joins My Media first; one picked from My Media must be the person's own).
 */
export async function generateFromForm(userId: string, form: FormData) {
  const type = String(form.get("type") ?? "");
  const model = (await publishedMediaModels(type)).find((candidate) => candidate.name === form.get("model"));
  if (!model) throw new InvalidInputError(generateTexts.noModel, { model: generateTexts.noModel });
  const prompt = String(form.get("prompt") ?? "").trim();
  if (prompt.length > PROMPT_MAX) throw new InvalidInputError(`Use at most ${PROMPT_MAX} characters`, { prompt: `Use at most ${PROMPT_MAX} characters` });
  const read = readGenerateSettings(model.settings, (field) => (form.get(field) === null ? null : String(form.get(field))));
  if ("error" in read) throw new InvalidInputError(read.error);
  const file = model.takesSourceImage ? fileInForm(form) : null;
  const pickedId = model.takesSourceImage ? String(form.get("sourceUploadId") ?? "") : "";
  if (!prompt && !file && !pickedId) throw new InvalidInputError(generateTexts.needPrompt, { prompt: generateTexts.needPrompt });
  const sourceUploadId = file ? (await addUpload(userId, file)).id : pickedId ? (await ownUpload(userId, pickedId)).id : undefined;
  const started = await startGeneration({ userId, modelId: model.name, prompt, settings: read.settings, sourceUploadId });
  return { type, model: model.name, ...started };
}

/** The person's generations still running, newest first: the gallery shows them as Generating. */
export async function pendingGenerations(userId: string) {
  const jobs = await prisma().mediaJob.findMany({
    where: { userId, status: { in: ["queued", "running"] } },
    orderBy: { createdAt: "desc" },
    take: 20,
    select: { id: true, prompt: true, status: true, createdAt: true },
  });
  return jobs.map((job) => ({ jobId: job.id, prompt: job.prompt, status: job.status, createdAt: job.createdAt.toISOString() }));
}
