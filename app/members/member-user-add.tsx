export default function Placeholder() {
  return <p>In aanbouw</p>;
}
