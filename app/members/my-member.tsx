import { href, redirect } from "react-router";
import type { Route } from "./+types/my-member";
import { requireAccess } from "../auth/account.server";
import { can } from "../auth/policy";
import { requireMember } from "./member.server";
import { MemberRecordPage } from "./MemberTabs";
import { loadMemberPage, memberPageAction, memberPageContext } from "./record.server";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

export const handle = { breadcrumbs: [{ label: "Lidmaatschap" }] };

export function meta() {
  return [{ title: "Lidmaatschap – Ledenportaal" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** The signed-in manager's own membership; anyone else goes home. */
async function context(request: Request) {
  const auth = await requireAccess(request, "menu:member");
  const memberId = auth.account.member;
  if (memberId === null || !can(auth.account, "member:edit", { memberId })) throw redirect(href("/"));
  return memberPageContext(auth, "own", await requireMember(memberId), href("/mijn-lidmaatschap"), new URL(request.url));
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

export default function MyMember({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberRecordPage page={loaderData} action={actionData} />;
}
