import { createRequestHandler, type ServerBuild } from "react-router";
import * as entry from "~/entry.server";
import * as root from "~/root";
import * as shellContent from "~/routes/_shell/content";
import * as shellLayout from "~/routes/_shell/layout";
import config from "../../react-router.config";

type Page = { parentId: string; path?: string; index?: boolean; module: unknown };
type BuildRoute = Omit<Page, "parentId"> & { id: string; parentId?: string };

/**
 * React Router's own request handler (production mode, the app's future flags) over the app's
 * real route modules: the root, the shell's layout and content, and the pages given by route id.
 */
export function requestHandlerFor(pages: Record<string, Page>) {
  const routes: Record<string, BuildRoute> = {
    root: { id: "root", path: "", module: root },
    "routes/_shell/layout": { id: "routes/_shell/layout", parentId: "root", module: shellLayout },
    "routes/_shell/content": { id: "routes/_shell/content", parentId: "routes/_shell/layout", module: shellContent },
  };
  for (const [id, page] of Object.entries(pages)) routes[id] = { id, ...page };
  const build = {
    entry: { module: entry },
    routes,
    assets: { entry: { module: "/entry.client.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: config.future,
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return createRequestHandler(build, "production");
}
