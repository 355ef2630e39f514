import { href, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { ConfirmPage } from "../ui/ConfirmDialog";
import { LOGOUT_CONFIRM } from "../shell/AccountBar";
import { getAuth } from "./account.server";
import { destroySession } from "./session.server";

export const handle = { breadcrumbs: [{ label: "Uitloggen" }] };

export function meta() {
  return [{ title: "Uitloggen – Ledenportaal" }];
}

/** Without JavaScript the header's 'Uitloggen' leads here: the confirmation as a page. */
export async function loader({ request }: Route.LoaderArgs) {
  const { account } = await getAuth(request);
  if (!account) throw redirect(href("/"));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { session } = await getAuth(request);
  // Logging out ends this session on the server, imitation included.
  return redirect(href("/"), { headers: { "Set-Cookie": await destroySession(session) } });
}

export default function Logout() {
  return <ConfirmPage {...LOGOUT_CONFIRM} cancelHref={href("/")} />;
}
