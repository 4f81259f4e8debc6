import { pageMeta } from "~/lib/i18n/meta";
import type { Route } from "./+types/not-found";
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "common.error.notFoundTitle");

export default function NotFound() {
  return null;
}
