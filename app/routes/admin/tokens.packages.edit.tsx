import { data } from "react-router";
import { ModalRoute } from "~/components/admin/modal-route";
import { getPackageForEdit, parsePackageForm, updatePackage } from "~/modules/admin/token-packages.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import { PACKAGE_FORM_MAX_BYTES, PackageForm, type PackageFailure } from "./tokens.packages.form";
import type { Route } from "./+types/tokens.packages.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const found = await getPackageForEdit(params.packageId);
    const values = {
      name: found.name,
      tokens: String(found.tokens),
      price: found.price,
      discount: String(found.discount),
      isPopular: found.isPopular,
      isActive: found.isActive,
    };
    return { values };
  } catch (error) {
    throw errorData(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, PACKAGE_FORM_MAX_BYTES);
  if (!form) return data({ error: "This form is too large." }, { status: 413 });
  switch (form.get("intent")) {
    case "update":
      return update(admin, params.packageId, form);
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

async function update(admin: { id: string; email: string }, packageId: string, form: FormData) {
  try {
    await updatePackage(admin, packageId, parsePackageForm(form));
  } catch (error) {
    return errorData(error);
  }
  throw redirectWithToast("/admin/tokens", "package-updated");
}

export default function EditPackage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="Edit Package" backTo="/admin/tokens">
      <PackageForm intent="update" values={loaderData.values} failure={actionData as PackageFailure} />
    </ModalRoute>
  );
}
