import { href, Link } from "react-router";
import type { EnterpriseCardData, EnterpriseGroup } from "./member.server";

function address(e: EnterpriseCardData): string {
  const street = [e.street, e.houseNr].filter(Boolean).join(" ");
  const town = [e.postalCode, e.town].filter(Boolean).join(" ");
  return [street, town].filter(Boolean).join(", ");
}

function EnterpriseCard({ enterprise, memberId }: { enterprise: EnterpriseCardData; memberId: number }) {
  return (
    <article className="enterprise-card">
      <h3 className="enterprise-card__name">
        <Link to={href("/lidmaatschappen/bewerken/:member/vestiging/:enterprise", { member: String(memberId), enterprise: String(enterprise.id) })}>{enterprise.name}</Link>
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
  return (
    <>
      <p>
        <Link to={href("/lidmaatschappen/bewerken/:member/vestiging-toevoegen", { member: String(memberId) })} className="button">
          Toevoegen
        </Link>
      </p>
      {groups.length ? (
        groups.map((group) => (
          <section key={group.key} className="enterprise-group" aria-labelledby={`vestigingen-${group.key}`}>
            <h2 id={`vestigingen-${group.key}`}>{group.label}</h2>
            <div className="cards">
              {group.enterprises.map((e) => (
                <EnterpriseCard key={e.id} enterprise={e} memberId={memberId} />
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
