import { isRouteErrorResponse, Link, Outlet } from "react-router";
import type { Route } from "./+types/content";

/** A pathless layout whose only job is to catch page errors inside the shell, so the header and sidebar stay. */
export default function Content() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A request refused for what it sent (an app error's 400, 405, 415) says why.
  const refused = isRouteErrorResponse(error) && !notFound && error.status < 500 && typeof error.data === "string" ? error : null;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-black text-accent">{notFound ? "404" : (refused?.status ?? "Oops")}</p>
      <h1 className="text-2xl font-bold">{notFound ? "Page not found" : refused ? "This request could not be taken" : "Something went wrong"}</h1>
      <p className="text-muted">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : (refused?.data ?? "We could not load this page. Please try again in a moment.")}
      </p>
      <div className="flex gap-3">
        <Link to="/" className="btn-primary">
          Back to home
        </Link>
        <Link to="/explore" className="btn-secondary">
          Explore characters
        </Link>
      </div>
    </div>
  );
}
