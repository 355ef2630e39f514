import type { Route } from "./+types/campaign-application";
import { campaignApplicationAction, loadCampaignApplicationPage } from "./campaign-application.server";
import { APPLICATION_ALREADY_COMPLETED, APPLICATION_NOT_FOUND } from "./campaign-checks";
import { CampaignApplicationForm } from "./CampaignApplicationForm";

const TITLE = "Aanmelding Nederland Leert Door";

export const handle = { breadcrumbs: [{ label: TITLE }] };

export function meta() {
  return [{ title: `${TITLE} – Ledenportaal` }];
}

export function loader({ request, params }: Route.LoaderArgs) {
  return loadCampaignApplicationPage(request, params.token);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return campaignApplicationAction(request, params.token, context);
}

/** The personal link of a training-campaign participant (part 2 §2.1 register_campaign_nld, §4.6). */
export default function CampaignApplication({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="card" aria-labelledby="campaign-application-title">
      {loaderData.state === "open" ? (
        <>
          <h1 id="campaign-application-title">{TITLE}</h1>
          <p>
            Uw werkgever heeft u aangemeld voor de scholingscampagne Nederland Leert Door. Vul uw gegevens aan en voeg de gevraagde
            documenten toe om uw aanmelding te voltooien.
          </p>
          <CampaignApplicationForm slot={loaderData.slot} lastResult={actionData?.result} />
        </>
      ) : loaderData.state === "done" ? (
        <>
          <h1 id="campaign-application-title">Bedankt voor uw aanmelding</h1>
          <p>
            Uw aanmelding voor de scholingscampagne Nederland Leert Door is voltooid. De opleider neemt contact met u op over de verdere
            gang van zaken.
          </p>
        </>
      ) : loaderData.state === "completed" ? (
        <>
          <h1 id="campaign-application-title">{APPLICATION_ALREADY_COMPLETED}</h1>
          <p>Heeft u een vraag over uw aanmelding? Neem dan contact op met uw werkgever.</p>
        </>
      ) : (
        <>
          <h1 id="campaign-application-title">{APPLICATION_NOT_FOUND}</h1>
          <p>Controleer of u de volledige link uit de e-mail heeft gebruikt. Lukt het niet, neem dan contact op met uw werkgever.</p>
        </>
      )}
    </section>
  );
}
