import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { DEFAULT_LANGUAGE, isLanguage } from "./lib/i18n/languages";
import { TextsProvider, useT } from "./lib/i18n/react";
import { pageMeta } from "./lib/i18n/meta";
import { getCurrentUser } from "./modules/auth/login-session.server";
import { languageFor } from "./modules/i18n/request.server";
import stylesheet from "./app.css?url";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { useNonce } from "./components/nonce";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The page's language: the signed-in person's choice, else this browser's (modules/i18n). */
export async function loader({ request }: Route.LoaderArgs) {
  return { lang: languageFor(request, await getCurrentUser(request)) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "common.meta.title", "common.meta.description");
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  // An error before the root loader answered: the language the server rendered, else English.
  const lang = isLanguage(root?.lang)
    ? root.lang
    : typeof document !== "undefined" && isLanguage(document.documentElement.lang)
      ? document.documentElement.lang
      : DEFAULT_LANGUAGE;
  return (
    <TextsProvider lang={lang}>
      <Document nonce={nonce} lang={lang}>
        {children}
      </Document>
    </TextsProvider>
  );
}

function Document({ nonce, lang, children }: { nonce: string; lang: string; children: ReactNode }) {
  return (
    <html lang={lang} className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b0a12" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Lets end-to-end tests (and CSS, if ever needed) tell when the page has become interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** Only reached when the shell itself fails; page errors are caught inside the shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  return (
    <GeneralErrorBoundary
      error={error}
      handlers={{}}
      fallback={(failure) => (
        <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
          <h1 className="text-2xl font-bold">{failure.title}</h1>
          <p className="text-muted">{failure.kind === "unavailable" ? failure.text : t("common.error.pageFailed")}</p>
          <a href="/" className="btn-primary">
            {t("common.error.backHome")}
          </a>
        </main>
      )}
    />
  );
}
