import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ComponentType } from "react";
import {
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps as withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";
import * as entry from "~/entry.server";
import { createAppRequestHandler } from "~/modules/server/request-handler.server";
import * as root from "~/root";
import appRoutes from "~/routes";
import * as shellContent from "~/routes/_shell/content";
import * as shellLayout from "~/routes/_shell/layout";
import config from "../../react-router.config";

type Page = { parentId: string; path?: string; index?: boolean; module: unknown };
type BuildRoute = Omit<Page, "parentId"> & { id: string; parentId?: string };

/**
 * The app's request handler (React Router's, production mode, the app's future flags) over the app's
 * real route modules: the root, the shell's layout and content, and the pages given by route id.
 */
export function requestHandlerFor(pages: Record<string, Page>) {
  const routes: Record<string, BuildRoute> = {
    root: { id: "root", path: "", module: root },
    "routes/_shell/layout": { id: "routes/_shell/layout", parentId: "root", module: shellLayout },
    "routes/_shell/content": { id: "routes/_shell/content", parentId: "routes/_shell/layout", module: shellContent },
  };
  for (const [id, page] of Object.entries(pages)) routes[id] = { id, ...page };
  return createAppRequestHandler(buildOf(routes), "production");
}

const routeFiles = import.meta.glob<Record<string, unknown>>("../../app/routes/**/*.{ts,tsx}");

/** Every route of app/routes.ts as the build lists it, with its module as the build compiles it. */
export async function appRoutesAsBuilt() {
  const routes: Record<string, BuildRoute> = { root: { id: "root", path: "", module: compiled(root) } };
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const { id, file, path, index, children } of entries) {
      const routeId = id ?? file.replace(/\.[jt]sx?$/, "");
      routes[routeId] = { id: routeId, parentId, path, index, module: compiled(await routeFiles[`../../app/${file}`]!()) };
      if (children) await add(children, routeId);
    }
  };
  await add(appRoutes, "root");
  return routes;
}

/** A route module as React Router's Vite plugin compiles it: its components get their loader data and error as props. */
function compiled(module: Record<string, unknown>) {
  const { default: Component, ErrorBoundary, HydrateFallback } = module as Record<string, ComponentType<never> | undefined>;
  return {
    ...module,
    ...(Component ? { default: withComponentProps(Component as never) } : {}),
    ...(ErrorBoundary ? { ErrorBoundary: withErrorBoundaryProps(ErrorBoundary as never) } : {}),
    ...(HydrateFallback ? { HydrateFallback: withHydrateFallbackProps(HydrateFallback as never) } : {}),
  };
}

/** The app's request handler over the whole app: every route of app/routes.ts, as the server runs it. */
export async function appRequestHandler() {
  return createAppRequestHandler(buildOf(await appRoutesAsBuilt()), "production");
}

function buildOf(routes: Record<string, BuildRoute>) {
  return {
    entry: { module: entry },
    routes,
    assets: { entry: { module: "/entry.client.js", imports: [] }, routes: manifestOf(routes), url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: config.future,
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The browser's manifest of the routes, as the build writes it: what a rendered page's router is made of. */
function manifestOf(routes: Record<string, BuildRoute>) {
  return Object.fromEntries(
    Object.values(routes).map(({ id, parentId, path, index, module }) => {
      const exports = module as Record<string, unknown>;
      return [
        id,
        {
          id,
          parentId,
          path,
          index,
          module: `/${id}.js`,
          hasAction: Boolean(exports.action),
          hasLoader: Boolean(exports.loader),
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: Boolean(exports.ErrorBoundary),
        },
      ];
    }),
  );
}
