import { Form, href } from "react-router";
import type { Route } from "./+types/confirm-email";
import { getAuth } from "../auth/account.server";
import { LINK_EXPIRED, LINK_INVALID } from "../auth/password.server";
import { redirectWithNotification } from "../shell/flash.server";
import { checkEmailChange, confirmEmailChange, EMAIL_CHANGED } from "./email-change.server";
import { MY_DATA_PATH } from "./my-data.server";

export const handle = { breadcrumbs: [{ label: "E-mailadres bevestigen" }] };

export function meta() {
  return [{ title: "E-mailadres bevestigen – Ledenportaal" }];
}

const CONFLICT = { type: "danger" as const, header: "Dit e-mailadres is inmiddels al in gebruik door een ander account." };

/** The link from the mail: shows the new address and a button; nothing changes on a GET. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const check = await checkEmailChange(params.token);
  if (!check.ok) {
    const { session } = await getAuth(request);
    throw await redirectWithNotification(session, href("/"), check.problem === "expired" ? LINK_EXPIRED : LINK_INVALID);
  }
  return { email: check.email };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { session, account } = await getAuth(request);
  // The person who follows the link keeps this session when it is the account's own.
  const outcome = await confirmEmailChange(params.token, account && !account.imitatedBy ? session.id : undefined);
  const target = account ? MY_DATA_PATH : "/";
  if (outcome === "ok") {
    return redirectWithNotification(session, target, {
      type: "success",
      header: EMAIL_CHANGED,
      text: account ? undefined : "U kunt inloggen met uw nieuwe e-mailadres.",
    });
  }
  if (outcome === "conflict") return redirectWithNotification(session, target, CONFLICT);
  if (outcome === "invalid") return redirectWithNotification(session, href("/"), LINK_INVALID);
  return redirectWithNotification(session, href("/"), LINK_EXPIRED);
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  return (
    <section className="card" aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title">E-mailadres bevestigen</h1>
      <p>
        Bevestig dat u voortaan inlogt met <strong>{loaderData.email}</strong>. Op andere apparaten wordt u dan
        uitgelogd.
      </p>
      <Form method="post">
        <div className="form__actions">
          <button type="submit" className="button">
            E-mailadres bevestigen
          </button>
        </div>
      </Form>
    </section>
  );
}
