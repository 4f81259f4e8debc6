import { data } from "react-router";
import { ModalRoute } from "~/components/admin/modal-route";
import { createPackage, parsePackageForm } from "~/modules/admin/token-packages.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import { blankPackage, PACKAGE_FORM_MAX_BYTES, PackageForm, type PackageFailure } from "./tokens.packages.form";
import type { Route } from "./+types/tokens.packages.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, PACKAGE_FORM_MAX_BYTES);
  if (!form) return data({ error: "This form is too large." }, { status: 413 });
  switch (form.get("intent")) {
    case "create":
      return create(admin, form);
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

async function create(admin: { id: string; email: string }, form: FormData) {
  try {
    await createPackage(admin, parsePackageForm(form));
  } catch (error) {
    return errorData(error);
  }
  throw redirectWithToast("/admin/tokens", "package-created");
}

export default function NewPackage({ actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="New Package" backTo="/admin/tokens">
      <PackageForm intent="create" values={blankPackage} failure={actionData as PackageFailure} />
    </ModalRoute>
  );
}
