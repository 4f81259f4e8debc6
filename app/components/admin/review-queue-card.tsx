import { ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import { SUBMISSIONS_PATH } from "~/lib/review-queue";

/** The dashboard's line about characters people submitted: how many wait, and the way to them. */
export function ReviewQueueCard({ count }: { count: number }) {
  const t = useT();
  const waiting = count > 0;
  return (
    <section
      aria-labelledby="review-queue-heading"
      className={`card flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 ${waiting ? "border-accent/60 bg-accent-soft" : ""}`}
    >
      <ClipboardCheck className={`size-5 shrink-0 ${waiting ? "text-accent" : "text-muted"}`} aria-hidden />
      <h2 id="review-queue-heading" className={`min-w-0 flex-1 basis-48 ${waiting ? "font-semibold" : "text-sm text-muted"}`}>
        {t("admin.review.waiting", { count })}
      </h2>
      <Link to={SUBMISSIONS_PATH} className={waiting ? "btn-primary" : "text-sm text-accent hover:underline"}>
        {waiting ? t("admin.review.review") : t("admin.review.open")}
      </Link>
    </section>
  );
}
