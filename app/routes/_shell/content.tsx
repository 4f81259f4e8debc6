import { useT } from "~/lib/i18n/react";
import { Link, Outlet } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { Route } from "./+types/content";

/** A pathless layout whose only job is to catch page errors inside the shell, so the header and sidebar stay. */
export default function Content() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <GeneralErrorBoundary
      error={error}
      handlers={{
        "not-found": () => <ErrorPage mark="404" title={t("common.error.notFound")} text={t("common.error.notFoundText")} />,
        // A request refused for what it sent (an app error's 400, 405, 415) says why.
        refused: (failure) => <ErrorPage mark={String(failure.status)} title={t("common.error.refused")} text={failure.text!} />,
      }}
      fallback={() => <ErrorPage mark={t("common.error.oops")} title={t("common.error.failed")} text={t("common.error.failedText")} />}
    />
  );
}

function ErrorPage({ mark, title, text }: { mark: string; title: string; text: string }) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-black text-accent">{mark}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <div className="flex gap-3">
        <Link to="/" className="btn-primary">
          {t("common.error.backHome")}
        </Link>
        <Link to="/explore" className="btn-secondary">
          {t("common.error.explore")}
        </Link>
      </div>
    </div>
  );
}
