import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server and read by the document's scripts. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
