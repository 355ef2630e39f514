import { useEffect, useState } from "react";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/my-enterprise-list";
import { Icon } from "../ui/Icon";
import { cardAddress, filterSections, type OwnEnterpriseCard } from "./own-list";
import { canAddOwnEnterprise, ownEnterpriseSections, requireOwnEnterprises } from "./own-list.server";
import { closeIcon } from "../ui/icons";
import { searchIcon } from "../ui/list-icons";

export const handle = { breadcrumbs: [{ label: "Vestigingen" }] };

export function meta() {
  return [{ title: "Vestigingen – Ledenportaal" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const account = await requireOwnEnterprises(request);
  return {
    sections: await ownEnterpriseSections(account),
    search: new URL(request.url).searchParams.get("q")?.trim() ?? "",
    canAdd: canAddOwnEnterprise(account),
  };
}

function EnterpriseCard({ enterprise }: { enterprise: OwnEnterpriseCard }) {
  const address = cardAddress(enterprise);
  return (
    <article className="enterprise-card">
      <h3 className="enterprise-card__name">
        {enterprise.manageable ? <Link to={href("/mijn-vestigingen/bewerken/:enterprise", { enterprise: String(enterprise.id) })}>{enterprise.name}</Link> : enterprise.name}
      </h3>
      {address ? <p className="enterprise-card__line">{address}</p> : null}
      <p className="enterprise-card__line">
        {enterprise.lidnummer !== null ? `Lidnummer ${enterprise.lidnummer}` : "Nog geen lidnummer"}
      </p>
      {enterprise.phone ? <p className="enterprise-card__line">{enterprise.phone}</p> : null}
      {enterprise.email ? <p className="enterprise-card__line">{enterprise.email}</p> : null}
    </article>
  );
}

/**
 * The user's own establishments as cards in sections. The search is a GET form (the server
 * renders the matching cards); with JavaScript the cards filter while the user types, without a
 * request, and the address bar keeps the search for reloads and the back button.
 */
export default function MyEnterpriseList({ loaderData }: Route.ComponentProps) {
  const { sections, canAdd } = loaderData;
  const [search, setSearch] = useState(loaderData.search);
  useEffect(() => setSearch(loaderData.search), [loaderData.search]);
  const shown = filterSections(sections, search);

  const filter = (value: string) => {
    setSearch(value);
    const url = new URL(window.location.href);
    if (value.trim()) url.searchParams.set("q", value.trim());
    else url.searchParams.delete("q");
    // Keeps React Router's history entry; only the query string changes.
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <>
      <div className="list-header">
        <h1>Vestigingen</h1>
        <Form
          method="get"
          className="list-search"
          role="search"
          onSubmit={(event) => {
            // With JavaScript the cards are already filtered: no request.
            event.preventDefault();
            filter(search);
          }}
        >
          <label htmlFor="list-search" className="visually-hidden">
            Zoek vestigingen
          </label>
          <input
            id="list-search"
            name="q"
            type="search"
            value={search}
            onChange={(event) => filter(event.currentTarget.value)}
            placeholder="Zoek op naam, lidnummer, adres, telefoon of e-mail"
            className="input list-search__input"
            autoComplete="off"
          />
          <button type="submit" className="button list-search__go" aria-label="Zoeken">
            <Icon icon={searchIcon} />
          </button>
          {search ? (
            <Link
              to={href("/mijn-vestigingen")}
              className="list-search__clear"
              aria-label="Zoekopdracht wissen"
              onClick={(event) => {
                event.preventDefault();
                filter("");
              }}
            >
              <Icon icon={closeIcon} />
            </Link>
          ) : null}
        </Form>
        {canAdd ? (
          <Link to={href("/mijn-vestigingen/toevoegen")} className="button">
            Toevoegen
          </Link>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className="empty">Geen resultaten gevonden</p>
      ) : (
        shown.map((section) => (
          <section key={section.key} className="enterprise-group" aria-labelledby={`vestigingen-${section.key}`}>
            <h2 id={`vestigingen-${section.key}`}>{section.label}</h2>
            <div className="cards">
              {section.enterprises.map((enterprise) => (
                <EnterpriseCard key={enterprise.id} enterprise={enterprise} />
              ))}
            </div>
          </section>
        ))
      )}
    </>
  );
}
