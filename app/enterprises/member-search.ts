// Placeholder until this route is built; replace this whole file.
export function loader() {
  throw new Response(null, { status: 404 });
}
