import { Search } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert } from "~/components/ui/form";
import { CHAT_IMPORT_MAX_BYTES, chatImportTexts } from "~/lib/chat-transfer";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { importSillyTavernChat, importTargets } from "~/modules/chat/transfer.server";
import { errorData } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/import";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "transfer.import.title");

/** The file, and which of the person's characters the chat is with. */
const importForm = z.object({
  intent: z.literal("import"),
  characterId: z.string({ error: chatImportTexts.noCharacter }).min(1, chatImportTexts.noCharacter),
  file: z
    .unknown()
    .optional()
    .transform((value) => (value instanceof File ? value : null)),
});

/** Room for the form's other fields and the multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { characters: await importTargets(user.id), chosen: url.searchParams.get("character") ?? "" };
}

/** POST multipart (intent=import, characterId, file: the .jsonl chat): the new chat opens; a file that is not a chat is refused with the reason (4xx). */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  try {
    const form = await parseForm(request, importForm, { maxBytes: CHAT_IMPORT_MAX_BYTES + FORM_OVERHEAD_BYTES, tooLarge: chatImportTexts.fileTooLarge });
    const sessionId = await importSillyTavernChat(user.id, form.characterId, form.file);
    return redirect(`/chat/${sessionId}`);
  } catch (error) {
    return errorData(error);
  }
}

/** Import a SillyTavern chat onto one of the person's characters: a plain multipart form. */
export default function ChatImport({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const { characters, chosen } = loaderData;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5 px-3 py-4 md:px-6 md:py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("transfer.import.heading")}</h1>
        <Link to="/chat/search" className="btn-secondary h-9 gap-2 px-3 text-sm">
          <Search className="size-4" aria-hidden /> {t("transfer.search.link")}
        </Link>
      </div>
      <p className="text-sm text-muted">{t("transfer.import.intro")}</p>
      {characters.length === 0 ? (
        <p className="card p-5 text-sm">
          {t("transfer.import.noCharacters")}{" "}
          <Link to="/explore" className="text-accent underline">
            {t("transfer.import.explore")}
          </Link>
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="card flex flex-col gap-4 p-5">
          <input type="hidden" name="intent" value="import" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="import-character" className="text-sm font-medium">
              {t("transfer.import.character")}
            </label>
            <select id="import-character" name="characterId" required defaultValue={chosen} className="field h-11">
              <option value="" disabled>
                {t("transfer.import.chooseCharacter")}
              </option>
              {characters.map((character) => (
                <option key={character.id} value={character.id}>
                  {character.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="import-file" className="text-sm font-medium">
              {t("transfer.import.file")}
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".jsonl,application/jsonl,application/x-ndjson,text/plain"
              required
              aria-describedby="import-file-hint"
              className="w-full min-w-0 text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink"
            />
            <p id="import-file-hint" className="text-xs text-faint">
              {t("transfer.import.fileHint", { mb: CHAT_IMPORT_MAX_BYTES / 1024 / 1024 })}
            </p>
          </div>
          {actionData && "error" in actionData ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {busy ? t("transfer.import.importing") : t("transfer.import.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}
