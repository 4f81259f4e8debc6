/**
 * What the loaders of one request share. React Router hands one Request to every loader of a
 * navigation (shell, layout, page: the `v8_passThroughRequests` future flag, decision 008), so a
 * read kept under the request and a key runs once however many loaders ask, and they all see
 * the same answer. It goes with the request.
 */
const shared = new WeakMap<Request, Map<string, Promise<unknown>>>();

export function oncePerRequest<T>(request: Request, key: string, read: () => Promise<T>): Promise<T> {
  let values = shared.get(request);
  if (!values) {
    values = new Map();
    shared.set(request, values);
  }
  let value = values.get(key) as Promise<T> | undefined;
  if (!value) {
    value = read();
    values.set(key, value);
  }
  return value;
}
