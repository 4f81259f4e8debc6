import { redirect } from "react-router";

/** The spec names /settings; its behaviour is the dashboard settings. */
export function loader() {
  throw redirect("/dashboard/settings");
}
