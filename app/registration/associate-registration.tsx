import type { Route } from "./+types/associate-registration";
import { AssociateRegistrationForm } from "./AssociateRegistrationForm";
import { ASSOCIATE_TERMS_TEXT } from "./associate-form";
import { registerAssociate, registrationAction, registrationLoader } from "./register.server";
import { RegistrationDone } from "./RegistrationParts";
import { associateRegistrationSchema } from "./schemas";

export const handle = { breadcrumbs: [{ label: "Proeflidmaatschap voor niet-leden" }] };

export function meta() {
  return [{ title: "Proeflidmaatschap voor niet-leden – Ledenportaal" }];
}

export const loader = ({ request }: Route.LoaderArgs) => registrationLoader(request, { form: ASSOCIATE_TERMS_TEXT, done: "register_associate_done" });

export const action = ({ request, context }: Route.ActionArgs) =>
  registrationAction(request, context, { name: "associate", schema: associateRegistrationSchema, save: registerAssociate });

export default function AssociateRegistration({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.done) return <RegistrationDone title="Bedankt voor uw aanmelding" text={loaderData.text} />;
  return <AssociateRegistrationForm terms={loaderData.text} lastResult={actionData?.result} />;
}
