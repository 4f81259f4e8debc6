import { ModalRoute } from "~/components/admin/modal-route";
import { getDetail, readDetailForm, updateDetail } from "~/modules/admin/character-details.server";
import { editorAction, editorLoader } from "~/modules/admin/console.server";
import { DetailForm, type DetailFailure } from "./character-details.form";
import type { Route } from "./+types/character-details.edit";

const DETAIL_FORM_MAX_BYTES = 64 * 1024;

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, () => getDetail(params.detailId));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "update",
    maxBytes: DETAIL_FORM_MAX_BYTES,
    save: (admin, form) => updateDetail(admin, params.detailId, readDetailForm(form)),
    done: ["/admin/character-details", "detail-saved"],
  });
}

export default function EditDetail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="Edit Character Detail" backTo="/admin/character-details" wide>
      <DetailForm key={loaderData.id} intent="update" values={loaderData.values} failure={actionData as DetailFailure} />
    </ModalRoute>
  );
}
