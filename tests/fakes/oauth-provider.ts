import type { IncomingMessage } from "node:http";
import { OAuth2Server, type MutableResponse, type MutableToken, type TokenRequestIncomingMessage } from "oauth2-mock-server";

/** The claims Google's userinfo endpoint answers with (OpenID Connect standard claims). */
export type ProviderProfile = {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
};

export type OAuthProvider = Awaited<ReturnType<typeof startOAuthProvider>>;

/**
 * A real OAuth2 / OpenID Connect server (oauth2-mock-server) on 127.0.0.1 standing in for
 * Google. Its /authorize signs the person in at once and redirects back with a code and the
 * state; /token checks the PKCE verifier and issues signed JWTs; /userinfo answers with the
 * profile given to `signInAs`, and only to a bearer access token that /token issued.
 *
 * Point the app at it with `GOOGLE_AUTHORIZATION_URL=${provider.authorizationUrl}` and the
 * token and userinfo URLs alike (in process for integration tests, or in the environment of a
 * server process for end-to-end tests).
 */
export async function startOAuthProvider({ port = 0 }: { port?: number } = {}) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(port, "127.0.0.1");
  const issuer = server.issuer.url!.replace(/\/$/, "");

  let profile: ProviderProfile = { sub: "google-user-1", email: "someone@example.com", email_verified: true };
  /** Set, the next /userinfo answers with this status (the provider failing after the code exchange). */
  let failNextUserinfo: number | null = null;
  const issuedAccessTokens = new Set<string>();
  /** What reached /token: the client's credentials and grant, to check what the app sent. */
  const tokenRequests: { authorization: string | undefined; body: TokenRequestIncomingMessage["body"] }[] = [];

  server.service.on("beforeTokenSigning", (token: MutableToken) => {
    token.payload.sub = profile.sub;
  });
  server.service.on("beforeResponse", (response: MutableResponse, request: TokenRequestIncomingMessage) => {
    tokenRequests.push({ authorization: request.headers.authorization, body: { ...request.body } });
    if (response.statusCode === 200 && response.body && typeof response.body.access_token === "string") {
      issuedAccessTokens.add(response.body.access_token);
    }
  });
  server.service.on("beforeUserinfo", (response: MutableResponse, request: IncomingMessage) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (failNextUserinfo !== null) {
      response.statusCode = failNextUserinfo;
      response.body = { error: "server_error" };
      failNextUserinfo = null;
      return;
    }
    if (!bearer || !issuedAccessTokens.has(bearer)) {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
      return;
    }
    response.body = { ...profile };
  });

  return {
    issuer,
    authorizationUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/userinfo`,
    tokenRequests,
    /** The account the next sign-ins at this provider belong to. */
    signInAs(next: ProviderProfile) {
      profile = { ...next };
    },
    /** Changes the next redirect from /authorize back to the app (to forge its state, say). */
    changeNextRedirectBack(change: (url: URL) => void) {
      server.service.once("beforeAuthorizeRedirect", ({ url }: { url: URL }) => change(url));
    },
    /** The next /authorize answers with this OAuth error (e.g. access_denied) instead of a code. */
    refuseNextAuthorization(error = "access_denied") {
      this.changeNextRedirectBack((url) => {
        url.searchParams.delete("code");
        url.searchParams.set("error", error);
      });
    },
    /** The next /userinfo answers `status` (503: Google failing) instead of the profile. */
    failNextUserinfo(status = 503) {
      failNextUserinfo = status;
    },
    close: () => server.stop(),
  };
}
