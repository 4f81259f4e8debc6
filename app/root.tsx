import { useEffect, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { GeneralErrorBoundary } from "./components/error-boundary";
import { useNonce } from "./components/nonce";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function meta() {
  return [
    { title: "CharacterVerse · Chat with AI characters" },
    { name: "description", content: "Browse AI companions and professional consultants, chat with them, and create your own." },
  ];
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="dark">
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
  return (
    <GeneralErrorBoundary
      error={error}
      handlers={{}}
      fallback={(failure) => (
        <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
          <h1 className="text-2xl font-bold">{failure.title}</h1>
          <p className="text-muted">{failure.kind === "unavailable" ? failure.text : "The page could not be loaded. Please try again in a moment."}</p>
          <a href="/" className="btn-primary">
            Back to home
          </a>
        </main>
      )}
    />
  );
}
