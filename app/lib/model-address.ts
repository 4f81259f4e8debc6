/**
 * Where a model may be called. A model's base URL may name a public host, loopback or a private
 * address (a self-hosted Ollama or vLLM), but never a link-local address or a cloud's metadata
 * service, where a server's credentials are handed out. The admin form refuses such a URL, and
 * the providers check every address a host name resolves to before connecting.
 */
export const FORBIDDEN_MODEL_ADDRESS_TEXT = "API URL cannot point at a link-local or cloud metadata address";

const METADATA_HOSTS = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal"]);
/** Metadata services outside 169.254.0.0/16: Alibaba Cloud, AWS over IPv6, Oracle Cloud's alias. */
const METADATA_ADDRESSES = new Set(["100.100.100.200", "fd00:ec2::254", "192.0.0.192"]);

/** Whether an IP address (v4, v6, or v4 mapped into v6; brackets allowed) is link-local or a metadata service. */
export function isForbiddenModelAddress(address: string): boolean {
  let ip = address.toLowerCase().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped) ip = mapped[1]!;
  if (METADATA_ADDRESSES.has(ip)) return true;
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(ip)) return true;
  // fe80::/10: fe80 to febf.
  return /^fe[89ab][0-9a-f]:/.test(ip);
}

/** Whether a URL's host name is one no model may be called at (a metadata name, or a forbidden address written out). */
export function isForbiddenModelHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return METADATA_HOSTS.has(host) || isForbiddenModelAddress(host);
}
