import { ModalRoute } from "~/components/admin/modal-route";
import { packageForm } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { createPackage } from "~/modules/admin/token-packages.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { editorAction } from "./+shared/console-action.server";
import { blankPackage, PACKAGE_FORM, PackageForm } from "./+shared/package-form";
import type { Route } from "./+types/tokens.packages.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, packageForm("create"), {
    limit: PACKAGE_FORM,
    save: (admin, tokenPackage) => createPackage(admin, tokenPackage),
    done: ["/admin/tokens", "package-created"],
  });
}

export default function NewPackage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ModalRoute title={t("admin.tokens.new.title")} backTo="/admin/tokens">
      <PackageForm intent="create" values={blankPackage} failure={formFailure(actionData)} />
    </ModalRoute>
  );
}
