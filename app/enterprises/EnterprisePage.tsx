import { PathLink } from "../ui/PathLink";
import type { RouteHandle } from "../shell/Breadcrumbs";
import { lazyPanel } from "../ui/LazyPanel";
import { DetailRows } from "../ui/DetailRows";
import { RecordPage } from "../ui/RecordPage";
import { UserCard } from "../ui/UserCard";
import { formatDate } from "../lib/format";
import type { EnterpriseActionData, EnterprisePageData } from "./edit.server";
import type { EnterprisePage } from "./record.server";
import { EnterpriseEmploymentsTab } from "../employments/EnterpriseEmploymentsTab";
import { EnterpriseForm } from "./EnterpriseForm";
import { EnterpriseHeader } from "./EnterpriseHeader";
import { EnterpriseLogTab } from "./EnterpriseLogTab";
import { InspectionTab } from "./InspectionTab";
import { OptionsTab } from "./OptionsTab";
import { BUILDINGS, CONTACT_READ_ONLY, ENTERPRISE_LABELS as L } from "./schema";

const TAB_LABEL = "Onderdelen van de vestiging";

// The largest tabs load their code apart from the page's, only when they are open (see lazyPanel).
const InfoPanel = lazyPanel(() => import("./InfoTab").then((m) => m.InfoTab));
const LicensesPanel = lazyPanel(() => import("./LicensesTab").then((m) => m.LicensesTab));

/** The heading of an establishment page: its name with the status buttons, or the add page's title. */
function Header({ page }: { page: EnterprisePage }) {
  const { header } = page;
  if (!header.enterprise) {
    return (
      <h1>
        {page.title}
        {page.context.kind === "member" && header.memberName ? <span className="member-heading__note"> {header.memberName}</span> : null}
      </h1>
    );
  }
  return (
    <EnterpriseHeader enterprise={header.enterprise} admin={page.admin} action={page.path} memberLink={header.memberLink} refusal={header.refusal} />
  );
}

/**
 * An establishment as a record page: add and edit in every context (admin, membership, own, the
 * one establishment). All seven route modules render this page with its meta and handle.
 */
export function EnterpriseRecordPage({ loaderData: page, actionData }: { loaderData: EnterprisePage; actionData?: EnterpriseActionData }) {
  return (
    <RecordPage
      header={
        <>
          <Header page={page} />
          {page.header.addHref ? (
            <p>
              <PathLink to={page.header.addHref} className="button">
                Toevoegen
              </PathLink>
            </p>
          ) : null}
        </>
      }
      label={TAB_LABEL}
      tabs={page.tabs}
      open={page.open}
      data={page.data}
      panels={{
        algemeen: (general) =>
          general.readOnly ? (
            <EnterpriseSummary page={general} />
          ) : (
            <EnterpriseForm
              // A new key after a save starts the form from the stored values.
              key={JSON.stringify([general.values, general.enterprise?.kvkExtract])}
              page={general}
              action={actionData}
            />
          ),
        aanbod: (options) => (
          <OptionsTab
            // A new key after a post starts the form from the stored values, or from what the server showed again.
            key={JSON.stringify([options.groups, actionData?.options ?? null])}
            data={options}
            action={actionData?.options}
          />
        ),
        "info-media": (info) => (
          <InfoPanel
            // A new key after a save starts the form from the stored values.
            key={JSON.stringify([info.values, info.logo, info.header])}
            props={{ data: info, result: actionData?.info }}
          />
        ),
        licenties: (licenses) => (
          <LicensesPanel
            // A new key after a post starts the form from the stored values, or from what the server showed again.
            key={JSON.stringify([licenses.values, licenses.dirty, licenses.videmaLicentieNummer, licenses.file, actionData?.licenses ?? null])}
            props={{ data: licenses, action: actionData?.licenses, adminResult: actionData?.licensesAdmin }}
          />
        ),
        keuring: (inspection) => (
          <InspectionTab
            // A new key after a save starts the form from the stored values.
            key={JSON.stringify([inspection.values, inspection.files, inspection.dirty])}
            data={inspection}
            result={actionData?.inspection}
          />
        ),
        professionals: (professionals) => (
          <EnterpriseEmploymentsTab
            // A new key after a post starts the invite form empty, or from what the server showed again.
            key={JSON.stringify([professionals.groups, actionData?.professionals ?? null])}
            data={professionals}
            action={actionData?.professionals}
          />
        ),
        logboek: (log) => <EnterpriseLogTab log={log} />,
      }}
    />
  );
}

export const enterpriseHandle: RouteHandle<EnterprisePage> = { breadcrumbs: (page) => page.crumbs };

export function enterpriseMeta({ data }: { data?: EnterprisePage }) {
  return [{ title: `${data?.title ?? "Vestiging"} – Ledenportaal` }];
}

export function noStore() {
  return { "Cache-Control": "no-store" };
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
      <p className="form__note">{CONTACT_READ_ONLY}</p>
      <dl className="details">
        <DetailRows rows={rows} />
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
