// Placeholder until this page is built; replace this whole file.
export function loader() {
  throw new Response(null, { status: 404 });
}
export default function Placeholder() {
  return null;
}
