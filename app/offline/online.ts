/**
 * The online check (the header's offline marker asks it): answers as long as the server can be
 * reached. Never stored: the server gives every response Cache-Control no-store.
 */
export function loader() {
  return new Response(null, { status: 204 });
}
