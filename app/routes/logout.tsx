import { redirect } from "react-router";
import { endLoginSession } from "~/modules/auth/login-session.server";
import type { Route } from "./+types/logout";

/** Ends this device's session only, then back to / (spec: Logout). */
export async function action({ request }: Route.ActionArgs) {
  throw redirect("/", { headers: { "Set-Cookie": await endLoginSession(request) } });
}

export function loader() {
  throw redirect("/");
}
