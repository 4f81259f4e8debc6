import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent } from "undici";
import { FORBIDDEN_MODEL_ADDRESS_TEXT, isForbiddenModelAddress, isForbiddenModelHost } from "~/lib/model-address";
import { ProviderError } from "./errors.server";

/** Refuses a model URL whose host is written as a forbidden address or metadata name (lib/model-address). */
export function assertModelUrlAllowed(url: string) {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    throw new ProviderError("The model's API URL is not a valid URL");
  }
  if (isForbiddenModelHost(hostname)) throw new ProviderError(FORBIDDEN_MODEL_ADDRESS_TEXT);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup, refusing a name any of whose addresses is link-local or a metadata service. */
export function checkedLookup(hostname: string, options: object, callback: LookupCallback) {
  dnsLookup(hostname, options, ((error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => {
    if (error) return callback(error, address, family);
    const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
    if (addresses.some(isForbiddenModelAddress)) return callback(new ProviderError(FORBIDDEN_MODEL_ADDRESS_TEXT) as NodeJS.ErrnoException, address, family);
    callback(null, address, family);
  }) as never);
}

/**
 * Connections to models: kept alive per origin, as undici's global agent does, and never opened to
 * a link-local or metadata address, whatever a host name resolves to (checked at each connection,
 * so a name that changes its answer later is caught too).
 */
export const modelDispatcher = new Agent({ connect: { lookup: checkedLookup } });
