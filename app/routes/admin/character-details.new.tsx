import { ModalRoute } from "~/components/admin/modal-route";
import { detailForm } from "~/lib/admin-models";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { createDetail } from "~/modules/admin/character-details.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { editorAction } from "./+shared/console-action.server";
import { blankDetail, DETAIL_FORM, DetailForm } from "./+shared/detail-form";
import type { Route } from "./+types/character-details.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, detailForm("create"), {
    limit: DETAIL_FORM,
    save: (admin, detail) => createDetail(admin, detail),
    done: ["/admin/character-details", "detail-saved"],
  });
}

export default function NewDetail({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ModalRoute title={t("catalogue.details.new.title")} backTo="/admin/character-details" wide>
      <DetailForm intent="create" values={blankDetail()} failure={formFailure(actionData)} />
    </ModalRoute>
  );
}
