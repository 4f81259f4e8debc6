import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";

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
  return (
    <GeneralErrorBoundary
      error={error}
      handlers={{
        "not-found": () => <Panel title={notFoundTitle} text="It may have been deleted." link={`Back to ${listTitle}`} to={listPath} />,
        refused: (failure) => <Panel title="This request could not be taken" text={failure.text!} link={`Back to ${listTitle}`} to={listPath} />,
      }}
      fallback={() => (
        <Panel title={failedTitle} text={`The ${listTitle.toLowerCase()} could not be loaded. Please try again in a moment.`} link="Try again" to={listPath} />
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
