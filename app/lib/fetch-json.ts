/**
 * What the server answers a page's background request for data (suggestions, a dialog's rows):
 * the JSON, or `null` when the answer is not JSON (an error, a redirect). A redirect is never
 * followed: the page it leads to (the sign-in page, or the home page when an imitation began
 * meanwhile) would be drawn unseen and take the session's notification with it, before the page
 * the person goes to can show it. A network failure or an abort rejects.
 */
export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" }, redirect: "manual" });
  if (!response.ok || !response.headers.get("content-type")?.includes("application/json")) return null;
  return (await response.json()) as T;
}
