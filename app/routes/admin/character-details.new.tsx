import { ModalRoute } from "~/components/admin/modal-route";
import { createDetail, readDetailForm } from "~/modules/admin/character-details.server";
import { editorAction } from "~/modules/admin/console.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { blankDetail, DetailForm, type DetailFailure } from "./character-details.form";
import type { Route } from "./+types/character-details.new";

const DETAIL_FORM_MAX_BYTES = 64 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "create",
    maxBytes: DETAIL_FORM_MAX_BYTES,
    save: (admin, form) => createDetail(admin, readDetailForm(form)),
    done: ["/admin/character-details", "detail-saved"],
  });
}

export default function NewDetail({ actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="Add Character Detail" backTo="/admin/character-details" wide>
      <DetailForm intent="create" values={blankDetail()} failure={actionData as DetailFailure} />
    </ModalRoute>
  );
}
