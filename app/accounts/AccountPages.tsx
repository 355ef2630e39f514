import { Link } from "react-router";
import type { MemberMatch } from "../enterprises/enterprise.server";
import { IntentButton } from "../ui/StatusButtons";
import { Tabs } from "../ui/Tabs";
import type { AccountActionData, AccountDetails, EnterpriseOption } from "./account-edit.server";
import type { AccountFormDefaults } from "./account-schema";
import type { AccountPageFrame } from "./account-paths";
import type { loadAccountAdd, loadAccountEdit } from "./places.server";
import { AccountForm } from "./AccountForm";
import { AccountRolesForm } from "./AccountRolesForm";
import { tabPath } from "../ui/tab-path";

const EMPTY: AccountFormDefaults = {
  email: "",
  givenName: "",
  namePreposition: "",
  familyName: "",
  phonePrimary: "",
  newsletter: false,
  sendMail: true,
};

function MemberContext({ frame }: { frame: AccountPageFrame }) {
  return frame.member ? (
    <p className="page-context">
      Lidmaatschap: <Link to={frame.member.href}>{frame.member.name}</Link>
    </p>
  ) : null;
}

const registerFields = (frame: AccountPageFrame, superAdmin: boolean, result: AccountActionData | undefined, member: MemberMatch | null) =>
  frame.register ? { member, superAdmin, search: result?.memberSearch, chosen: result?.chosenMember } : undefined;

/** Adding an account, wherever accounts are added: the form, then its edit page. */
export function AccountAddPage({ frame, superAdmin, result }: { frame: AccountPageFrame; superAdmin: boolean; result?: AccountActionData }) {
  return (
    <>
      <h1>Account toevoegen</h1>
      <MemberContext frame={frame} />
      <Tabs
        label="Account"
        tabs={[
          {
            id: "algemeen",
            label: "Algemeen",
            content: (
              <AccountForm
                defaults={frame.register ? { ...EMPTY, member: "", rights: "user" } : EMPTY}
                lastResult={result?.general}
                action={frame.addHref}
                cancelHref={frame.listHref}
                adding
                register={registerFields(frame, superAdmin, result, null)}
              />
            ),
          },
          // Roles are given once the account exists (and has a membership).
          ...(frame.register ? [] : [{ id: "rollen", label: "Rollen", disabled: true, content: null }]),
        ]}
      />
    </>
  );
}

/**
 * An account's page, wherever it is opened: the status buttons (Activeren / Deactiveren, and
 * 'Activatiemail verzenden' while not active), tab Algemeen, and tab Rollen for an account of a
 * membership.
 */
export function AccountEditPage({
  frame,
  superAdmin,
  user,
  enterprises,
  here,
  isSelf,
  result,
}: {
  frame: AccountPageFrame;
  superAdmin: boolean;
  user: AccountDetails;
  enterprises: EnterpriseOption[];
  here: string;
  isSelf: boolean;
  result?: AccountActionData;
}) {
  // Re-rendered lists (select all / none without JavaScript) win over the stored roles.
  const roles = result?.roles ?? user.roles;
  const storedMember = user.member ? { id: user.member.id, label: user.member.name, associate: false } : null;
  return (
    <>
      <h1>{user.fullName}</h1>
      <MemberContext frame={frame} />
      <div className="status">
        {user.enabled ? (
          isSelf ? null : (
            <IntentButton action={here} intent="disable" label="Deactiveren" />
          )
        ) : (
          <>
            <p className="status__state">Niet actief</p>
            <IntentButton action={here} intent="enable" label="Activeren" />
            <IntentButton action={here} intent="send-activation" label="Activatiemail verzenden" />
          </>
        )}
      </div>
      <Tabs
        label="Account"
        tabs={[
          {
            id: "algemeen",
            label: "Algemeen",
            content: (
              // A new key after a save starts the form from the stored (normalised) values.
              <AccountForm
                key={JSON.stringify(user.values) + (user.image?.modified ?? "")}
                defaults={user.values}
                lastResult={result?.general}
                action={tabPath(here, "algemeen")}
                cancelHref={frame.listHref}
                image={user.image}
                register={registerFields(frame, superAdmin, result, storedMember)}
              />
            ),
          },
          ...(roles
            ? [
                {
                  id: "rollen",
                  label: "Rollen",
                  content: (
                    <AccountRolesForm
                      key={JSON.stringify(roles)}
                      roles={roles}
                      enterprises={enterprises}
                      action={tabPath(here, "rollen")}
                      cancelHref={frame.listHref}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

type Crumb = { label: string; href: string };
const NO_STORE = () => ({ "Cache-Control": "no-store" });

/** The route module parts of an add page (besides its loader and action), below the given list. */
export function accountAddRoute(list: Crumb) {
  return {
    handle: { breadcrumbs: [list, { label: "Account toevoegen" }] },
    meta: () => [{ title: "Account toevoegen – Ledenportaal" }],
    headers: NO_STORE,
    Component: ({ loaderData, actionData }: { loaderData: ReturnType<typeof loadAccountAdd>; actionData?: unknown }) => (
      <AccountAddPage {...loaderData} result={actionData as AccountActionData | undefined} />
    ),
  };
}

/** The route module parts of an edit page (besides its loader and action), below the given list. */
export function accountEditRoute(list: Crumb) {
  type Data = Awaited<ReturnType<typeof loadAccountEdit>>;
  return {
    handle: { breadcrumbs: [list, { label: "Account bewerken" }] },
    meta: ({ data }: { data?: Data }) => [{ title: `${data?.user.fullName ?? "Account bewerken"} – Ledenportaal` }],
    headers: NO_STORE,
    Component: ({ loaderData, actionData }: { loaderData: Data; actionData?: unknown }) => (
      <AccountEditPage {...loaderData} result={actionData as AccountActionData | undefined} />
    ),
  };
}
