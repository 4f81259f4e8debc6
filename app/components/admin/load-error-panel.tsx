import { TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";

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
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const refused = isRouteErrorResponse(error) && !notFound && error.status < 500 && typeof error.data === "string" ? error.data : null;
  const title = notFound ? notFoundTitle : refused ? "This request could not be taken" : failedTitle;
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 p-8 text-center">
      <TriangleAlert className="size-10 text-danger" aria-hidden />
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="text-muted">
        {notFound ? "It may have been deleted." : (refused ?? `The ${listTitle.toLowerCase()} could not be loaded. Please try again in a moment.`)}
      </p>
      <Link to={listPath} className="btn-primary">
        {notFound || refused ? `Back to ${listTitle}` : "Try again"}
      </Link>
    </div>
  );
}
