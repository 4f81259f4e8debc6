import { Check, X } from "lucide-react";
import { Form, Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { formatDate } from "~/lib/dates";

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
  if (submissions.length === 0) return <p className="rounded-2xl border border-line bg-surface p-4 text-sm text-muted">Nothing is waiting for review</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Submitted characters">
      {submissions.map((submission) => (
        <li key={submission.id} className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <Avatar url={submission.avatarUrl} size={36} name={submission.name} />
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="font-medium break-words">{submission.name}</span>
              <span className="text-xs text-muted">
                {submission.hasPendingEdits ? "Edits to a published character" : "New character"} · by {submission.createdBy?.email ?? "a deleted account"}
                {submission.submittedAt ? ` · ${formatDate(submission.submittedAt)}` : ""}
              </span>
              <p className="line-clamp-2 text-sm break-words text-muted">{submission.description}</p>
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link
              to={`/admin/characters/${submission.id}/info?published=submitted`}
              preventScrollReset
              className="btn-secondary"
              aria-label={`Info: ${submission.name}`}
            >
              Info
            </Link>
            <Form method="post" action="/admin/characters?published=submitted">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="id" value={submission.id} />
              <button type="submit" className="btn-primary" aria-label={`Approve ${submission.name}`}>
                <Check className="size-4" aria-hidden /> Approve
              </button>
            </Form>
            <Link
              to={`/admin/characters/${submission.id}/review?published=submitted`}
              preventScrollReset
              className="btn-secondary"
              aria-label={`Decline ${submission.name}`}
            >
              <X className="size-4" aria-hidden /> Decline
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
