import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useT } from "~/lib/i18n/react";

/**
 * An admin list's error panel, in place of the page: the list could not be loaded, or the record
 * an editor asked for does not exist (404), or a request was refused for what it sent (another
 * 4xx, which says why). Its one link goes back to the list.
 */
export function LoadErrorPanel({
  error,
  listPath,
  listTitle,
  notFoundTitle,
  failedTitle,
}: {
  error: unknown;
  listPath: string;
  /** the list's name on the back link: "Back to Chat Models" */
  listTitle: string;
  notFoundTitle: string;
  failedTitle: string;
}) {
  const t = useT();
  const back = t("admin.loadError.backTo", { list: listTitle });
  return (
    <GeneralErrorBoundary
      error={error}
      handlers={{
        "not-found": () => <Panel title={notFoundTitle} text={t("admin.loadError.deleted")} link={back} to={listPath} />,
        refused: (failure) => <Panel title={t("admin.loadError.refused")} text={failure.text!} link={back} to={listPath} />,
      }}
      fallback={() => (
        <Panel title={failedTitle} text={t("admin.loadError.failed", { list: listTitle.toLowerCase() })} link={t("admin.loadError.tryAgain")} to={listPath} />
      )}
    />
  );
}

function Panel({ title, text, link, to }: { title: string; text: string; link: string; to: string }) {
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 p-8 text-center">
      <TriangleAlert className="size-10 text-danger" aria-hidden />
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <Link to={to} className="btn-primary">
        {link}
      </Link>
    </div>
  );
}
