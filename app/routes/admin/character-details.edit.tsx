import { ModalRoute } from "~/components/admin/modal-route";
import { detailForm } from "~/lib/admin-models";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { getDetail, updateDetail } from "~/modules/admin/character-details.server";
import { editorAction, editorLoader } from "./+shared/console-action.server";
import { DETAIL_FORM, DetailForm } from "./+shared/detail-form";
import type { Route } from "./+types/character-details.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, () => getDetail(params.detailId));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, detailForm("update"), {
    limit: DETAIL_FORM,
    save: (admin, detail) => updateDetail(admin, params.detailId, detail),
    done: ["/admin/character-details", "detail-saved"],
  });
}

export default function EditDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ModalRoute title={t("catalogue.details.edit.title")} backTo="/admin/character-details" wide>
      <DetailForm key={loaderData.id} intent="update" values={loaderData.values} failure={formFailure(actionData)} />
    </ModalRoute>
  );
}
