import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { packageTexts } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { formatTokens } from "~/lib/tokens";
import { deletePackage, getPackageForDelete } from "~/modules/admin/token-packages.server";
import { deleteForm, editorAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/tokens.packages.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => {
    const found = await getPackageForDelete(params.packageId);
    return { name: `${found.name} · ${formatTokens(found.tokens)} tokens` };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, deleteForm, { save: (admin) => deletePackage(admin, params.packageId), done: ["/admin/tokens", "package-deleted"] });
}

export default function DeletePackage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmDelete
      title="Delete Package"
      question={packageTexts.deleteQuestion}
      name={loaderData.name}
      note="Past purchases keep their tokens; to stop selling it for now, switch it to inactive instead."
      error={formFailure(actionData)?.error}
      backTo="/admin/tokens"
    />
  );
}
