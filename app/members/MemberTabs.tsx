import type { SubmissionResult } from "@conform-to/react";
import { href } from "react-router";
import { RecordPage } from "../ui/RecordPage";
import { StatusButtons } from "../ui/StatusButtons";
import { AccountCards } from "../accounts/AccountCards";
import { memberUserEditPath } from "../accounts/account-paths";
import { EnterprisesTab } from "./EnterprisesTab";
import { LogTab } from "./LogTab";
import { MemberForm } from "./MemberForm";
import type { MemberActionData, MemberPageData } from "./record.server";
import { RolesTab } from "./RolesTab";

const TAB_LABEL = "Onderdelen van het lidmaatschap";

/** The name, lidnummer and non-member note above a membership's tabs, with its status. */
function MemberHeader({ page }: { page: MemberPageData }) {
  const { member } = page;
  if (!member) return <h1>Lidmaatschap toevoegen</h1>;
  return (
    <>
      <h1 className="member-heading">
        {member.name}
        {member.lidnummer !== null ? <span className="member-heading__note"> lidnummer {member.lidnummer}</span> : null}
        {member.associate ? <span className="member-heading__note"> (Niet-lid)</span> : null}
      </h1>
      <StatusButtons
        approved={member.approved}
        inactive={member.inactive}
        hidden={member.hidden}
        action={page.path}
        readOnly={page.mode !== "admin"}
      />
    </>
  );
}

/**
 * One membership as a record page: the admin's add and edit pages (all tabs, status buttons) and
 * the own membership (Algemeen, Rollen unless associate, Logboek; status read-only).
 */
export function MemberRecordPage({ page, action }: { page: MemberPageData; action?: MemberActionData }) {
  const admin = page.mode === "admin";
  const memberId = page.member?.id ?? 0;
  const lastResult: SubmissionResult<string[]> | undefined = action?.general;
  return (
    <RecordPage
      header={<MemberHeader page={page} />}
      label={TAB_LABEL}
      tabs={page.tabs}
      open={page.open}
      data={page.data}
      panels={{
        algemeen: (general) => (
          <MemberForm
            // A new key after a save starts the form from the stored values.
            key={JSON.stringify(general.values)}
            values={general.values}
            lastResult={lastResult}
            admin={admin}
            principalOptions={general.principalOptions}
            existing={page.member !== null}
            cancelHref={page.member ? page.path : href("/lidmaatschappen")}
          />
        ),
        vestigingen: (groups) => <EnterprisesTab memberId={memberId} groups={groups} />,
        rollen: (roles) => (
          <RolesTab
            {...roles}
            manage={admin}
            accountHref={
              admin
                ? (id) => href("/lidmaatschappen/bewerken/:member/account-bewerken/:user", { member: String(memberId), user: String(id) })
                : undefined
            }
          />
        ),
        accounts: (accounts) => (
          <AccountCards
            accounts={accounts}
            add={{ href: href("/lidmaatschappen/bewerken/:member/account-toevoegen", { member: String(memberId) }), label: "Toevoegen" }}
            editPath={(userId) => memberUserEditPath(memberId, userId)}
          />
        ),
        logboek: (log) => <LogTab log={log} />,
      }}
    />
  );
}
