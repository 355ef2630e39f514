import { Link } from "react-router";
import type { Route } from "./+types/license-comparison";
import { formatDateTime } from "../lib/format";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { licenseComparisonLoader, type LicenseComparisonData } from "./license-comparison.server";
import { LicenseComparison } from "./LicenseComparison";

export const handle: RouteHandle<LicenseComparisonData> = {
  breadcrumbs: (data) => [{ label: data.enterpriseName, href: data.back }, { label: "Details licenties" }],
};

export function meta() {
  return [{ title: "Details licenties – Ledenportaal" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * The Details of a finalized Licenties entry in an establishment's Logboek, as a page of its own
 * (without JavaScript; with it the Logboek shows the same in a dialog): only for whoever sees that
 * Logboek (who may change the establishment, not a contact person, not for an associate
 * membership), only for an entry of that establishment.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return licenseComparisonLoader(request, params);
}

export default function LicenseComparisonPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card">
      <h1 id="comparison-title">Details licenties {loaderData.enterpriseName}</h1>
      <p>Opgave van {formatDateTime(loaderData.current.created)} vergeleken met de vorige opgave.</p>
      <LicenseComparison data={loaderData} />
      <p>
        <Link to={loaderData.back}>Terug naar het logboek</Link>
      </p>
    </section>
  );
}
