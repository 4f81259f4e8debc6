import { Hourglass } from "lucide-react";
import { Link, useLocation } from "react-router";
import { signInPaths } from "~/components/shell/navigation";
import { requireUser } from "~/modules/auth/login-session.server";
import type { Route } from "./+types/coming-soon";

const titles: Record<string, string> = {
  "/chat": "Chat",
  "/favorites": "My Favorites",
  "/generate": "Generate Media",
  "/collection": "Collection",
  "/tokens": "Free Tokens",
};

export function meta({ location }: { location: { pathname: string } }) {
  return [{ title: `${titles[location.pathname] ?? "Coming soon"} · CharacterVerse` }];
}

/** Pages that need an account send signed-out visitors to sign in first, then back here. */
export async function loader({ request, url }: Route.LoaderArgs) {
  if (signInPaths.includes(url.pathname)) await requireUser(request, url);
  return null;
}

/** Stands in for screens that later releases build, so every link in the shell goes somewhere honest. */
export default function ComingSoon() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <Hourglass className="size-12 text-accent" aria-hidden />
      <h1 className="text-2xl font-bold">{titles[pathname] ?? "Coming soon"}</h1>
      <p className="text-muted">This part of CharacterVerse is coming soon. Meanwhile, browse the characters.</p>
      <Link to="/explore" className="btn-primary">
        Explore characters
      </Link>
    </div>
  );
}
