import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/catalogue-edit";
import { BEHEER_CRUMB } from "../shell/crumbs";
import { catalogueChoices, formValues, requireCatalogue, requireEntry, saveEntryAction } from "./catalogue.server";
import { CatalogueForm } from "./CatalogueForm";
import { catalogueByKey, editPath, listPath, type CatalogueKey } from "./definitions";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

// One module for the edit page of every catalogue (app/routes.ts): the URL says which.
export const handle = {
  breadcrumbs: (data: { key: CatalogueKey; entry: { name: string } }) => {
    const catalogue = catalogueByKey(data.key);
    return [BEHEER_CRUMB, { label: catalogue.title, href: listPath(catalogue) }, { label: data.entry.name }];
  },
};

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.entry.name ?? "Bewerken"} – Ledenportaal` }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { catalogue } = await requireCatalogue(request);
  const entry = await requireEntry(catalogue, params.id);
  return { key: catalogue.key, entry, values: formValues(catalogue, entry), choices: await catalogueChoices(catalogue) };
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request, params }: Route.ActionArgs) {
  const { catalogue, session } = await requireCatalogue(request);
  const entry = await requireEntry(catalogue, params.id);
  return saveEntryAction(request, session, catalogue, entry);
}

export default function CatalogueEdit({ loaderData, actionData }: Route.ComponentProps) {
  const catalogue = catalogueByKey(loaderData.key);
  return (
    <>
      <h1>{loaderData.entry.name || String(loaderData.entry.values.ref ?? "")}</h1>
      <CatalogueForm
        // A saved entry opens again as stored: a fresh form.
        key={JSON.stringify([loaderData.values, loaderData.entry.files])}
        catalogue={catalogue}
        entry={loaderData.entry}
        values={loaderData.values}
        choices={loaderData.choices}
        lastResult={(actionData as { result?: SubmissionResult<string[]> } | undefined)?.result}
        cancelHref={editPath(catalogue, loaderData.entry.id)}
      />
    </>
  );
}
