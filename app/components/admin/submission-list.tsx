import { Check, X } from "lucide-react";
import { Form, Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { formatDate } from "~/lib/dates";
import { useLang, useT } from "~/lib/i18n/react";

export type SubmissionRow = {
  id: string;
  name: string;
  description: string;
  avatarUrl: string | null;
  isPublished: boolean;
  submittedAt: Date | string | null;
  hasPendingEdits: boolean;
  createdBy: { email: string; name: string | null } | null;
};

/** What waits for review, oldest first: Approve posts at once, Decline asks for a reason on its own route. */
export function SubmissionList({ submissions }: { submissions: SubmissionRow[] }) {
  const t = useT();
  const lang = useLang();
  if (submissions.length === 0) return <p className="rounded-2xl border border-line bg-surface p-4 text-sm text-muted">{t("admin.submissions.empty")}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t("admin.submissions.label")}>
      {submissions.map((submission) => (
        <li key={submission.id} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <Avatar url={submission.avatarUrl} size={36} name={submission.name} />
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="font-medium break-words">{submission.name}</span>
              <span className="text-xs text-muted">
                {submission.hasPendingEdits ? t("admin.submissions.edits") : t("admin.submissions.new")} ·{" "}
                {t("admin.submissions.by", { email: submission.createdBy?.email ?? t("admin.submissions.deletedAccount") })}
                {submission.submittedAt ? ` · ${formatDate(submission.submittedAt, lang)}` : ""}
              </span>
              <p className="line-clamp-2 text-sm break-words text-muted">{submission.description}</p>
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link
              to={`/admin/characters/${submission.id}/info?published=submitted`}
              preventScrollReset
              className="btn-secondary"
              aria-label={t("admin.submissions.infoLabel", { name: submission.name })}
            >
              {t("admin.submissions.info")}
            </Link>
            <Form method="post" action="/admin/characters?published=submitted">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="id" value={submission.id} />
              <button type="submit" className="btn-primary" aria-label={t("admin.submissions.approveLabel", { name: submission.name })}>
                <Check className="size-4" aria-hidden /> {t("admin.submissions.approve")}
              </button>
            </Form>
            <Link
              to={`/admin/characters/${submission.id}/review?published=submitted`}
              preventScrollReset
              className="btn-secondary"
              aria-label={t("admin.submissions.declineLabel", { name: submission.name })}
            >
              <X className="size-4" aria-hidden /> {t("admin.submissions.decline")}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
