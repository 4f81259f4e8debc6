import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { formFailure } from "~/lib/forms";
import { useFormats, useT } from "~/lib/i18n/react";
import { deletePackage, getPackageForDelete } from "~/modules/admin/token-packages.server";
import { deleteForm, editorAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/tokens.packages.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => {
    const found = await getPackageForDelete(params.packageId);
    return { name: found.name, tokens: found.tokens };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, deleteForm, { save: (admin) => deletePackage(admin, params.packageId), done: ["/admin/tokens", "package-deleted"] });
}

export default function DeletePackage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { number } = useFormats();
  return (
    <ConfirmDelete
      title={t("admin.tokens.delete.title")}
      question={t("admin.tokens.delete.question")}
      name={t("admin.tokens.delete.name", { name: loaderData.name, tokens: number(loaderData.tokens) })}
      note={t("admin.tokens.delete.note")}
      error={formFailure(actionData)?.error}
      backTo="/admin/tokens"
    />
  );
}
