import type { SubmissionResult } from "@conform-to/react";
import { StatusButtons } from "../ui/StatusButtons";
import { Tabs, type TabDef } from "../ui/Tabs";
import { AccountsTab } from "./AccountsTab";
import { EnterprisesTab } from "./EnterprisesTab";
import { LogTab } from "./LogTab";
import type { MemberPageData } from "./member.server";
import { MemberForm } from "./MemberForm";
import { RolesTab } from "./RolesTab";
import { EMPTY_MEMBER_VALUES } from "./schema";

const TAB_LABEL = "Onderdelen van het lidmaatschap";

/** The name, lidnummer and non-member note above a membership's tabs. */
function MemberHeading({ member }: { member: MemberPageData["member"] }) {
  return (
    <h1 className="member-heading">
      {member.name}
      {member.lidnummer !== null ? <span className="member-heading__note"> lidnummer {member.lidnummer}</span> : null}
      {member.associate ? <span className="member-heading__note"> (Niet-lid)</span> : null}
    </h1>
  );
}

/**
 * One membership with its status and tabs: the admin edit page (all tabs, status buttons) and the
 * own membership (Algemeen, Rollen unless associate, Logboek; status read-only).
 */
export function MemberTabs({ page, path, lastResult }: { page: MemberPageData; path: string; lastResult?: SubmissionResult<string[]> }) {
  const admin = page.mode === "admin";
  const { member } = page;
  const accountHref = admin ? (id: number) => `/lidmaatschappen/bewerken/${member.id}/account-bewerken/${id}` : undefined;
  const tabs: (TabDef | null)[] = [
    {
      id: "algemeen",
      label: "Algemeen",
      content: (
        <MemberForm
          // A new key after a save starts the form from the stored values.
          key={JSON.stringify(page.values)}
          values={page.values}
          lastResult={lastResult}
          admin={admin}
          principalOptions={page.principalOptions}
          existing
          cancelHref={path}
        />
      ),
    },
    admin
      ? { id: "vestigingen", label: "Vestigingen", content: <EnterprisesTab memberId={member.id} groups={page.enterpriseGroups} /> }
      : null,
    page.showRoles
      ? {
          id: "rollen",
          label: "Rollen",
          content: (
            <RolesTab contacts={page.contacts} managers={page.managers} choices={page.roleChoices} manage={admin} accountHref={accountHref} />
          ),
        }
      : null,
    admin ? { id: "accounts", label: "Accounts", content: <AccountsTab memberId={member.id} accounts={page.accounts} /> } : null,
    { id: "logboek", label: "Logboek", content: <LogTab log={page.log} /> },
  ];
  return (
    <>
      <MemberHeading member={member} />
      <StatusButtons approved={member.approved} inactive={member.inactive} hidden={member.hidden} action={path} readOnly={!admin} />
      <Tabs label={TAB_LABEL} tabs={tabs.filter((t): t is TabDef => t !== null)} />
    </>
  );
}

/** The add page: the general form, with the tabs that need a stored membership disabled. */
export function MemberAddTabs({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const later = (id: string, label: string): TabDef => ({ id, label, disabled: true, content: null });
  return (
    <>
      <h1>Lidmaatschap toevoegen</h1>
      <Tabs
        label={TAB_LABEL}
        tabs={[
          {
            id: "algemeen",
            label: "Algemeen",
            content: (
              <MemberForm
                values={EMPTY_MEMBER_VALUES}
                lastResult={lastResult}
                admin
                principalOptions={[]}
                existing={false}
                cancelHref="/lidmaatschappen"
              />
            ),
          },
          later("vestigingen", "Vestigingen"),
          later("rollen", "Rollen"),
          later("accounts", "Accounts"),
          later("logboek", "Logboek"),
        ]}
      />
    </>
  );
}
