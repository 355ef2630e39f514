import { Fragment } from "react";
import { Link } from "react-router";
import { Tabs, type TabDef } from "../ui/Tabs";
import { UserCard } from "../ui/UserCard";
import { formatDate } from "../lib/format";
import type { EnterpriseActionData, EnterprisePageData } from "./edit.server";
import { EnterpriseForm } from "./EnterpriseForm";
import { EnterpriseHeader } from "./EnterpriseHeader";
import { EnterpriseLogTab } from "./EnterpriseLogTab";
import { BUILDINGS, ENTERPRISE_LABELS as L } from "./schema";

const TAB_LABEL = "Onderdelen van de vestiging";

/** The heading of an establishment page: its name with the status buttons, or the add page's title. */
function Header({ page }: { page: EnterprisePageData }) {
  const { enterprise, member } = page;
  if (!enterprise || !member) {
    return (
      <h1>
        {page.title}
        {page.context.kind === "member" && member ? <span className="member-heading__note"> {member.name}</span> : null}
      </h1>
    );
  }
  return (
    <EnterpriseHeader
      enterprise={{ ...enterprise, member }}
      admin={page.admin}
      action={page.path}
      memberLink={page.memberLink}
      refusal={page.refusal}
    />
  );
}

/**
 * An establishment page: add and edit in every context (admin, membership, own). The tabs that
 * exist so far are Algemeen and Logboek; on add only Algemeen is active.
 */
export function EnterprisePage({ page, action }: { page: EnterprisePageData; action?: EnterpriseActionData }) {
  const general = page.readOnly ? (
    <EnterpriseSummary page={page} />
  ) : (
    <EnterpriseForm
      // A new key after a save starts the form from the stored values.
      key={JSON.stringify([page.values, page.enterprise?.kvkExtract])}
      page={page}
      action={action}
    />
  );
  const tabs: TabDef[] = [{ id: "algemeen", label: "Algemeen", content: general }];
  if (page.log) tabs.push({ id: "logboek", label: "Logboek", content: <EnterpriseLogTab log={page.log} /> });
  else if (!page.enterprise) tabs.push({ id: "logboek", label: "Logboek", disabled: true, content: null });
  return (
    <>
      <Header page={page} />
      {page.addHref ? (
        <p>
          <Link to={page.addHref} className="button">
            Toevoegen
          </Link>
        </p>
      ) : null}
      <Tabs label={TAB_LABEL} tabs={tabs} />
    </>
  );
}

/** What a contact person (who may see, not change, the establishment) is shown of tab Algemeen. */
function EnterpriseSummary({ page }: { page: EnterprisePageData }) {
  const v = page.values;
  const associate = !!page.member?.associate;
  const street = [v.addressStreet, v.addressHouseNr].filter(Boolean).join(" ");
  const town = [v.addressPostalCode, v.addressTown].filter(Boolean).join(" ");
  const rows: [string, string][] = [
    [L.name, v.name],
    ...(associate ? [] : [[L.lidnummer, page.enterprise?.lidnummer ? String(page.enterprise.lidnummer) : "Nog geen lidnummer"] as [string, string]]),
    ["Adres", [street, town].filter(Boolean).join(", ")],
    [L.phone, v.phone],
    [L.email, v.email],
    [L.emailPublic, v.emailPublic],
    [L.website, v.website],
    ...(associate ? [] : [[L.kvkNr, v.kvkNr] as [string, string]]),
    [L.establishedDate, v.establishedDate ? formatDate(v.establishedDate) : ""],
    [L.building, BUILDINGS.find((b) => b.value === v.building)?.label ?? ""],
  ];
  return (
    <>
      <p className="form__note">U bent contactpersoon van deze vestiging; wijzigen kan alleen een beheerder ervan.</p>
      <dl className="details">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value || "–"}</dd>
          </Fragment>
        ))}
      </dl>
      {associate
        ? null
        : (
            [
              [L.contacts, page.roles.contacts],
              [L.managers, page.roles.managers],
            ] as const
          ).map(([title, people]) =>
            people.length ? (
              <section key={title} className="roles-people" aria-label={title}>
                <h2>{title}</h2>
                <div className="cards">
                  {people.map((p) => (
                    <UserCard key={p.id} user={p} />
                  ))}
                </div>
              </section>
            ) : null,
          )}
    </>
  );
}
