import { Link, Outlet } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { Route } from "./+types/content";

/** A pathless layout whose only job is to catch page errors inside the shell, so the header and sidebar stay. */
export default function Content() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      handlers={{
        "not-found": () => <ErrorPage mark="404" title="Page not found" text="The page you are looking for does not exist or has moved." />,
        // A request refused for what it sent (an app error's 400, 405, 415) says why.
        refused: (failure) => <ErrorPage mark={String(failure.status)} title="This request could not be taken" text={failure.text!} />,
      }}
      fallback={() => <ErrorPage mark="Oops" title="Something went wrong" text="We could not load this page. Please try again in a moment." />}
    />
  );
}

function ErrorPage({ mark, title, text }: { mark: string; title: string; text: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-black text-accent">{mark}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
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
