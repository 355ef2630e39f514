import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/catalogue-reorder";
import { BEHEER_CRUMB } from "../shell/crumbs";
import { MoveButton } from "../ui/MoveButton";
import { SaveCancel } from "../ui/SaveCancel";
import { catalogueByKey, listPath, type CatalogueKey } from "./definitions";
import { REORDER_TEXTS, reorderPath, type ReorderAnswer, type ReorderItem } from "./reorder";
import { reorderAction, reorderLoader } from "./reorder.server";
import "./reorder.css";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

// One module for the reorder page of every catalogue (app/routes.ts): the URL says which. It is
// what 'Volgorde wijzigen' opens without JavaScript; with it, the list opens ReorderDialog instead.
export const handle = {
  breadcrumbs: (data: { key: CatalogueKey; back: string }) => {
    const catalogue = catalogueByKey(data.key);
    return [BEHEER_CRUMB, { label: catalogue.title, href: data.back ?? listPath(catalogue) }, { label: REORDER_TEXTS.title }];
  },
};

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${REORDER_TEXTS.title}${data ? `: ${catalogueByKey(data.key).title}` : ""} – Ledenportaal` }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const loader = ({ request }: Route.LoaderArgs) => reorderLoader(request);

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export const action = ({ request }: Route.ActionArgs) => reorderAction(request);

export default function CatalogueReorder({ loaderData, actionData }: Route.ComponentProps) {
  const catalogue = catalogueByKey(loaderData.key);
  const { scopes, scope, back } = loaderData;
  const answer = actionData as ReorderAnswer | undefined;
  const items = answer?.items ?? loaderData.items;
  const loaded = answer?.loaded ?? loaderData.loaded;
  const unsaved = !answer?.message && items.map((i) => i.id).join(",") !== loaded;
  // The category and the list view stay in the address, so the answer to a step is the same page.
  const formPath = reorderPath(catalogue, scope, back);
  const scopeLabel = scopes.find((s) => s.value === scope)?.label;
  return (
    <>
      <h1>
        {REORDER_TEXTS.title}: {catalogue.title}
      </h1>
      {scopes.length ? (
        <nav aria-label="Categorieën" className="reorder-scopes">
          <ul>
            {scopes.map((s) => (
              <li key={s.value}>
                <Link to={reorderPath(catalogue, s.value, back)} aria-current={s.value === scope ? "page" : undefined}>
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <section className="card reorder" aria-labelledby="reorder-heading">
        <h2 id="reorder-heading">{scopeLabel ? `Categorie ${scopeLabel}` : "Huidige volgorde"}</h2>
        <Form method="post" action={formPath}>
          {answer?.message ? <ReorderMessage key={JSON.stringify(answer)} message={answer.message} /> : null}
          {items.length === 0 ? (
            <>
              <p className="empty">{REORDER_TEXTS.empty}</p>
              <p>
                <Link to={back}>Terug naar {catalogue.title.toLowerCase()}</Link>
              </p>
            </>
          ) : (
            <>
              <p className="form__note">
                Zet de items in de gewenste volgorde met &lsquo;Omhoog&rsquo; en &lsquo;Omlaag&rsquo; en kies &lsquo;Opslaan&rsquo;.
                {scopeLabel ? " De volgorde geldt binnen deze categorie." : null}
              </p>
              <input type="hidden" name="loaded" value={loaded} />
              <input type="hidden" name="terug" value={back} />
              <ReorderSteps items={items} moved={answer?.moved} action={formPath} />
              {unsaved ? (
                <p className="form__note form__note--warning" role="status">
                  {REORDER_TEXTS.unsaved}
                </p>
              ) : null}
              <SaveCancel cancelHref={back} />
            </>
          )}
        </Form>
      </section>
    </>
  );
}

/** Why the post was refused; the page is the answer to it, so it opens on the message. */
function ReorderMessage({ message }: { message: string }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is the answer to the post; the refusal is what it is about
    <div className="error-summary" role="alert" tabIndex={-1} autoFocus>
      <p className="error-summary__form">{message}</p>
    </div>
  );
}

/**
 * The entries in order, each with its hidden id and its 'Omhoog' and 'Omlaag' buttons. A step
 * posts the form and comes back with the new order; without JavaScript the address of the answer
 * points at the moved entry's button (the page scrolls there and Tab continues from it), with it
 * focus stays on that button.
 */
function ReorderSteps({ items, moved, action }: { items: ReorderItem[]; moved?: ReorderAnswer["moved"]; action: string }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!moved) return;
    const other = moved.direction === "up" ? "down" : "up";
    const button = [moved.direction, other]
      .map((d) => list.current?.querySelector<HTMLButtonElement>(`#move-${d}-${moved.id}`))
      .find((b) => b && !b.disabled);
    button?.focus();
  }, [moved]);
  return (
    <ol className="reorder-list" ref={list}>
      {items.map((item, index) => (
        <li key={item.id} className="reorder-list__item">
          <input type="hidden" name="item" value={item.id} />
          <span className="reorder-list__name">{item.name}</span>
          <span className="reorder-list__steps">
            {(["up", "down"] as const).map((direction) => (
              <MoveButton
                key={direction}
                direction={direction}
                itemName={item.name}
                name="move"
                value={`${direction}:${item.id}`}
                id={`move-${direction}-${item.id}`}
                formAction={`${action}#move-${direction}-${item.id}`}
                disabled={direction === "up" ? index === 0 : index === items.length - 1}
              />
            ))}
          </span>
        </li>
      ))}
    </ol>
  );
}
