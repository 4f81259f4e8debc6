import { z } from "zod";
import { generateTexts } from "~/lib/generate";
import { InvalidInputError } from "~/modules/http/errors.server";
import { addUpload, ownUpload } from "~/modules/uploads/uploads.server";
import { formFile } from "~/modules/uploads/upload-form.server";
import { runningJobsOf, startGeneration } from "./jobs.server";
import { publishedMediaModels } from "./generate-options.server";

/** The longest prompt a person may send. */
const PROMPT_MAX = 4000;

const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));

/**
 * The Generate form's fields: the model and prompt, a picture to start from (a file, or one picked
 * from My Media), and the model's settings as sent (`setting.<name>`, and width and height for a
 * custom size). The settings' names are the model's own, so every field is read: the schema takes
 * the whole form as a record and keeps what it names.
 */
export const generateFields = z
  .looseObject({ intent: z.literal("generate"), type: text, model: text, prompt: text, sourceUploadId: text, file: formFile })
  .transform(({ intent, type, model, prompt, sourceUploadId, file, ...rest }) => ({
    intent,
    type,
    model,
    prompt: prompt.trim(),
    sourceUploadId,
    file,
    settings: submittedSettings(rest),
  }));

export type GenerateInput = z.output<typeof generateFields>;

/** The settings as the form sent them, as text. */
function submittedSettings(fields: Record<string, unknown>) {
  const settings: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields)) {
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
export async function generateFromForm(userId: string, input: Omit<GenerateInput, "intent">) {
  const model = (await publishedMediaModels(input.type, userId)).find((candidate) => candidate.name === input.model);
  if (!model) throw new InvalidInputError(generateTexts.noModel, { model: generateTexts.noModel });
  const { prompt } = input;
  if (prompt.length > PROMPT_MAX) throw new InvalidInputError(`Use at most ${PROMPT_MAX} characters`, { prompt: `Use at most ${PROMPT_MAX} characters` });
  const file = model.takesSourceImage ? input.file : null;
  const pickedId = model.takesSourceImage ? input.sourceUploadId : "";
  if (!prompt && !file && !pickedId) throw new InvalidInputError(generateTexts.needPrompt, { prompt: generateTexts.needPrompt });
  const sourceUploadId = file ? (await addUpload(userId, file)).id : pickedId ? (await ownUpload(userId, pickedId)).id : undefined;
  const started = await startGeneration({ userId, modelId: model.name, prompt, settings: input.settings, sourceUploadId });
  return { type: input.type, model: model.name, ...started };
}

/** The person's generations still running, newest first: the gallery shows them as Generating. */
export async function pendingGenerations(userId: string) {
  return (await runningJobsOf(userId)).map((job) => ({ jobId: job.id, prompt: job.prompt, status: job.status, createdAt: job.createdAt }));
}
