import type { Route } from "./+types/catalogue-delete";
import { confirmationLoader, deletionRouteAction } from "../lib/admin-routes.server";
import { BEHEER_CRUMB } from "../shell/crumbs";
import { DeletionPage } from "../ui/RecordConfirm";
import { catalogueOf, deleteEntry, findEntry } from "./catalogue.server";
import { catalogueByKey, deletePath, listPath, type CatalogueKey } from "./definitions";

// One module for the delete confirmation of every catalogue (what the list's delete icon opens
// without JavaScript); the URL says which catalogue.
export const handle = {
  breadcrumbs: (data: { key: CatalogueKey }) => {
    const catalogue = catalogueByKey(data.key);
    return [BEHEER_CRUMB, { label: catalogue.title, href: listPath(catalogue) }, { label: "Verwijderen" }];
  },
};

export function meta() {
  return [{ title: "Item verwijderen – Ledenportaal" }];
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const catalogue = catalogueOf(request);
  const found = await confirmationLoader(request, "admin", params.id, (id) => findEntry(catalogue, id), listPath(catalogue));
  return { key: catalogue.key, ...found };
}

export async function action({ request, params }: Route.ActionArgs) {
  const catalogue = catalogueOf(request);
  return deletionRouteAction(request, "admin", params.id, {
    record: catalogue.key,
    fallback: listPath(catalogue),
    remove: (id) => deleteEntry(catalogue, id),
    done: catalogue.deleted,
  });
}

export default function CatalogueDelete({ loaderData }: Route.ComponentProps) {
  const catalogue = catalogueByKey(loaderData.key);
  const { record, back } = loaderData;
  return <DeletionPage record={record} action={deletePath(catalogue, record.id)} back={back} fallback={listPath(catalogue)} />;
}
