import { Link } from "react-router";
import type { EnterpriseCardData, EnterpriseGroup } from "./member.server";

/**
 * Whether the establishment pages of a membership (member_enterprise_add '…/vestiging-toevoegen'
 * and member_enterprise_edit '…/vestiging/:enterprise') are registered in app/routes.ts. Until
 * they are, the tab shows the cards without links and without 'Toevoegen', so nothing leads to
 * a 404. Switch it on together with those routes; test/integration/member-edit.test.ts keeps the
 * two in step.
 */
export const ENTERPRISE_PAGES = false;

function address(e: EnterpriseCardData): string {
  const street = [e.street, e.houseNr].filter(Boolean).join(" ");
  const town = [e.postalCode, e.town].filter(Boolean).join(" ");
  return [street, town].filter(Boolean).join(", ");
}

function EnterpriseCard({ enterprise, base }: { enterprise: EnterpriseCardData; base: string }) {
  return (
    <article className="enterprise-card">
      <h3 className="enterprise-card__name">
        {ENTERPRISE_PAGES ? <Link to={`${base}/vestiging/${enterprise.id}`}>{enterprise.name}</Link> : enterprise.name}
      </h3>
      {address(enterprise) ? <p className="enterprise-card__line">{address(enterprise)}</p> : null}
      <p className="enterprise-card__line">
        {enterprise.lidnummer !== null ? `Lidnummer ${enterprise.lidnummer}` : "Nog geen lidnummer"}
      </p>
    </article>
  );
}

/** Tab Vestigingen of a membership: its establishments as cards, one group per state. */
export function EnterprisesTab({ memberId, groups }: { memberId: number; groups: EnterpriseGroup[] }) {
  const base = `/lidmaatschappen/bewerken/${memberId}`;
  return (
    <>
      {ENTERPRISE_PAGES ? (
        <p>
          <Link to={`${base}/vestiging-toevoegen`} className="button">
            Toevoegen
          </Link>
        </p>
      ) : null}
      {groups.length ? (
        groups.map((group) => (
          <section key={group.key} className="enterprise-group" aria-labelledby={`vestigingen-${group.key}`}>
            <h2 id={`vestigingen-${group.key}`}>{group.label}</h2>
            <div className="cards">
              {group.enterprises.map((e) => (
                <EnterpriseCard key={e.id} enterprise={e} base={base} />
              ))}
            </div>
          </section>
        ))
      ) : (
        <p className="empty">Er zijn nog geen vestigingen.</p>
      )}
    </>
  );
}
