import { ModalRoute } from "~/components/admin/modal-route";
import { editorAction, editorLoader } from "~/modules/admin/console.server";
import { getPackageForEdit, parsePackageForm, updatePackage } from "~/modules/admin/token-packages.server";
import { PACKAGE_FORM_MAX_BYTES, PackageForm, type PackageFailure } from "./tokens.packages.form";
import type { Route } from "./+types/tokens.packages.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => {
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
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "update",
    maxBytes: PACKAGE_FORM_MAX_BYTES,
    save: (admin, form) => updatePackage(admin, params.packageId, parsePackageForm(form)),
    done: ["/admin/tokens", "package-updated"],
  });
}

export default function EditPackage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="Edit Package" backTo="/admin/tokens">
      <PackageForm intent="update" values={loaderData.values} failure={actionData as PackageFailure} />
    </ModalRoute>
  );
}
