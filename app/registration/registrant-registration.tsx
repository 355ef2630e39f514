import type { Route } from "./+types/registrant-registration";
import { REGISTRANT_FEE_TEXT, registerRegistrant, registrationAction, registrationLoader } from "./register.server";
import { RegistrantRegistrationForm } from "./RegistrantRegistrationForm";
import { RegistrationDone } from "./RegistrationParts";
import { registrantRegistrationSchema } from "./schemas";

export const handle = { breadcrumbs: [{ label: "Registreren als FITNED.NL-professional" }] };

export function meta() {
  return [{ title: "Registreren als FITNED.NL-professional – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  return { ...(await registrationLoader(request, { form: "register_registrant_intro", done: "register_registrant_done" })), fee: REGISTRANT_FEE_TEXT };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  registrationAction(request, context, { name: "registrant", schema: registrantRegistrationSchema, save: registerRegistrant });

export default function RegistrantRegistration({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.done) return <RegistrationDone title="Bedankt voor uw registratie" text={loaderData.text} />;
  return <RegistrantRegistrationForm intro={loaderData.text} fee={loaderData.fee} lastResult={actionData?.result} />;
}
