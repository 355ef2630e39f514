import { href } from "react-router";
import type { Route } from "./+types/member-add";
import { requireAccess } from "../auth/account.server";
import { MemberRecordPage } from "./MemberTabs";
import { loadMemberPage, memberPageAction, memberPageContext } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = { breadcrumbs: [{ label: "Lidmaatschappen", href: href("/lidmaatschappen") }, { label: "Toevoegen" }] };

export function meta() {
  return [{ title: "Lidmaatschap toevoegen – Ledenportaal" }];
}

async function context(request: Request) {
  const auth = await requireAccess(request, "members:admin");
  return memberPageContext(auth, "admin", null, href("/lidmaatschappen/toevoegen"), new URL(request.url));
}

export async function loader({ request }: Route.LoaderArgs) {
  return loadMemberPage(await context(request));
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request }: Route.ActionArgs) {
  return memberPageAction(await context(request), request);
}

export default function MemberAdd({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberRecordPage page={loaderData} action={actionData} />;
}
