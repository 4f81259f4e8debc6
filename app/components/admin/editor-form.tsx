import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form";
import type { FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";

/**
 * An editor's form (add or edit one record): it posts its `intent`, says a refusal above the
 * fields, and ends with Cancel (back to the list) and its submit button, which waits while the
 * form is sent.
 */
export function EditorForm({
  intent,
  failure,
  alert = failure?.error,
  multipart = false,
  backTo,
  submit,
  children,
}: {
  intent: string;
  failure?: FormFailure;
  /** What the refusal says above the fields, when not its own text. */
  alert?: string;
  /** The form sends a file. */
  multipart?: boolean;
  backTo: string;
  submit: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      {children}
      <EditorButtons backTo={backTo} busy={busy} submit={submit} />
    </Form>
  );
}

/** An editor's foot: Cancel goes back to the list, the submit button waits while the form is sent. */
function EditorButtons({ backTo, busy, submit }: { backTo: string; busy: boolean; submit: string }) {
  const t = useT();
  return (
    <div className="flex justify-end gap-2">
      <Link to={backTo} preventScrollReset className="btn-secondary">
        {t("admin.action.cancel")}
      </Link>
      <button type="submit" className="btn-primary" disabled={busy}>
        {submit}
      </button>
    </div>
  );
}
