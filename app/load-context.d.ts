import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Set by server.js for each request and used in the Content-Security-Policy header. */
    cspNonce?: string;
    /** The client's address as Express sees it (X-Forwarded-For only from the proxies TRUST_PROXY names); used for rate limits. */
    clientIp?: string;
  }
}
