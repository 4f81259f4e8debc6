import { ModalRoute } from "~/components/admin/modal-route";
import { packageForm } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { getPackageForEdit, updatePackage } from "~/modules/admin/token-packages.server";
import { editorAction, editorLoader } from "./+shared/console-action.server";
import { PACKAGE_FORM, PackageForm } from "./+shared/package-form";
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
  return editorAction(request, packageForm("update"), {
    limit: PACKAGE_FORM,
    save: (admin, tokenPackage) => updatePackage(admin, params.packageId, tokenPackage),
    done: ["/admin/tokens", "package-updated"],
  });
}

export default function EditPackage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ModalRoute title={t("admin.tokens.edit.title")} backTo="/admin/tokens">
      <PackageForm intent="update" values={loaderData.values} failure={formFailure(actionData)} />
    </ModalRoute>
  );
}
