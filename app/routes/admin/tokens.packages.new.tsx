import { ModalRoute } from "~/components/admin/modal-route";
import { editorAction } from "~/modules/admin/console.server";
import { createPackage, parsePackageForm } from "~/modules/admin/token-packages.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { blankPackage, PACKAGE_FORM_MAX_BYTES, PackageForm, type PackageFailure } from "./tokens.packages.form";
import type { Route } from "./+types/tokens.packages.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "create",
    maxBytes: PACKAGE_FORM_MAX_BYTES,
    save: (admin, form) => createPackage(admin, parsePackageForm(form)),
    done: ["/admin/tokens", "package-created"],
  });
}

export default function NewPackage({ actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="New Package" backTo="/admin/tokens">
      <PackageForm intent="create" values={blankPackage} failure={actionData as PackageFailure} />
    </ModalRoute>
  );
}
