/** The online check: answers as long as the server can be reached. */
export function loader() {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
