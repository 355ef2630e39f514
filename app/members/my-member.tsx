import { redirect } from "react-router";
import type { Route } from "./+types/my-member";
import { requireAccess } from "../auth/account.server";
import { can } from "../auth/policy";
import { loadMemberPage, memberAction, requireMember, type MemberActionData } from "./member.server";
import { MemberTabs } from "./MemberTabs";
import { MY_MEMBER_PATH } from "./schema";

export const handle = { breadcrumbs: [{ label: "Lidmaatschap" }] };

export function meta() {
  return [{ title: "Lidmaatschap – Ledenportaal" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

/** The signed-in manager's own membership; anyone else goes home. */
async function ownMember(request: Request) {
  const auth = await requireAccess(request, "menu:member");
  const memberId = auth.account.member;
  if (memberId === null || !can(auth.account, "member:edit", { memberId })) throw redirect("/");
  return { auth, member: await requireMember(memberId) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { member } = await ownMember(request);
  return { page: await loadMemberPage(member, "own", new URL(request.url)) };
}

export async function action({ request }: Route.ActionArgs) {
  const { auth, member } = await ownMember(request);
  return memberAction(request, auth, member, MY_MEMBER_PATH);
}

export default function MyMember({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as MemberActionData | undefined;
  return <MemberTabs page={loaderData.page} path={MY_MEMBER_PATH} lastResult={result?.general} />;
}
