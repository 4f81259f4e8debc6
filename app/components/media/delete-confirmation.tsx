import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useT } from "~/lib/i18n/react";

/**
 * The page that asks before a person deletes their own media (an upload, a generated image):
 * what is being deleted in between the title and the buttons. Delete posts `intent=delete` to
 * the route; Cancel goes back to `backTo`.
 */
export function DeleteConfirmation({ title, backTo, className = "", children }: { title: string; backTo: string; className?: string; children: ReactNode }) {
  const t = useT();
  return (
    <Form method="post" className={`card flex flex-col gap-4 p-6 ${className}`}>
      <h1 className="text-xl font-bold">{title}</h1>
      {children}
      <div className="flex justify-end gap-2">
        <Link to={backTo} className="btn-secondary">
          {t("media.delete.cancel")}
        </Link>
        <button type="submit" name="intent" value="delete" className="btn-primary">
          {t("media.delete.delete")}
        </button>
      </div>
    </Form>
  );
}
