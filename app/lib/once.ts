/** A read done at most once, on first use (what several parts of one request share). */
export function once<T>(read: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= read());
}
