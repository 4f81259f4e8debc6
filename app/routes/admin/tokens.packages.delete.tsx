import { data } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { packageTexts } from "~/lib/admin-catalogue";
import { formatTokens } from "~/lib/tokens";
import { deletePackage, getPackageForDelete } from "~/modules/admin/token-packages.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import type { Route } from "./+types/tokens.packages.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const found = await getPackageForDelete(params.packageId);
    return { name: `${found.name} · ${formatTokens(found.tokens)} tokens` };
  } catch (error) {
    throw errorData(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, 4096);
  if (!form) return data({ error: "This form is too large." }, { status: 413 });
  switch (form.get("intent")) {
    case "delete":
      return remove(admin, params.packageId);
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

async function remove(admin: { id: string; email: string }, packageId: string) {
  try {
    await deletePackage(admin, packageId);
  } catch (error) {
    return errorData(error);
  }
  throw redirectWithToast("/admin/tokens", "package-deleted");
}

export default function DeletePackage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmDelete
      title="Delete Package"
      question={packageTexts.deleteQuestion}
      name={loaderData.name}
      note="Past purchases keep their tokens; to stop selling it for now, switch it to inactive instead."
      error={actionData?.error}
      backTo="/admin/tokens"
    />
  );
}
