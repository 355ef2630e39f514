import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/catalogue-add";
import { BEHEER_CRUMB } from "../shell/crumbs";
import { catalogueChoices, formValues, requireCatalogue, saveEntryAction } from "./catalogue.server";
import { CatalogueForm } from "./CatalogueForm";
import { catalogueByKey, listPath, type CatalogueKey } from "./definitions";
import { queueWhenOffline } from "../offline/offline-post";
import { notAfterQueued } from "../offline/offline-state";

// One module for the add page of every catalogue (app/routes.ts): the URL says which.
export const handle = {
  breadcrumbs: (data: { key: CatalogueKey }) => {
    const catalogue = catalogueByKey(data.key);
    return [BEHEER_CRUMB, { label: catalogue.title, href: listPath(catalogue) }, { label: "Toevoegen" }];
  },
};

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data ? catalogueByKey(data.key).addTitle : "Toevoegen"} – Ledenportaal` }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { catalogue } = await requireCatalogue(request);
  return { key: catalogue.key, values: formValues(catalogue), choices: await catalogueChoices(catalogue) };
}

/** Its forms are kept in the offline queue when the connection is gone (offline/offline-post.ts). */
export const clientAction = (args: Route.ClientActionArgs) => queueWhenOffline(args);
export const shouldRevalidate = notAfterQueued;

export async function action({ request }: Route.ActionArgs) {
  const { catalogue, session } = await requireCatalogue(request);
  return saveEntryAction(request, session, catalogue, undefined);
}

export default function CatalogueAdd({ loaderData, actionData }: Route.ComponentProps) {
  const catalogue = catalogueByKey(loaderData.key);
  return (
    <>
      <h1>{catalogue.addTitle}</h1>
      <CatalogueForm
        catalogue={catalogue}
        values={loaderData.values}
        choices={loaderData.choices}
        lastResult={(actionData as { result?: SubmissionResult<string[]> } | undefined)?.result}
        cancelHref={listPath(catalogue)}
      />
    </>
  );
}
