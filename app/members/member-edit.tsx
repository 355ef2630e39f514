import { href } from "react-router";
import type { Route } from "./+types/member-edit";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { requireAccess } from "../auth/account.server";
import { requireMember } from "./member.server";
import { MemberRecordPage } from "./MemberTabs";
import { loadMemberPage, memberPageAction, memberPageContext } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle: RouteHandle<Route.ComponentProps["loaderData"]> = {
  breadcrumbs: (data) => [{ label: "Lidmaatschappen", href: href("/lidmaatschappen") }, { label: data.member?.name ?? "" }],
};

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.member?.name ?? "Lidmaatschap"} – Ledenportaal` }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

async function context(request: Request, param: string) {
  const auth = await requireAccess(request, "members:admin");
  const member = await requireMember(param);
  return memberPageContext(auth, "admin", member, href("/lidmaatschappen/bewerken/:member", { member: String(member.id) }), new URL(request.url));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadMemberPage(await context(request, params.member));
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request, params }: Route.ActionArgs) {
  return memberPageAction(await context(request, params.member), request);
}

export default function MemberEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberRecordPage page={loaderData} action={actionData} />;
}
