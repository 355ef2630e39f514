import type { Route } from "./+types/catalogue-list";
import { BEHEER_CRUMB } from "../shell/crumbs";
import { ListPage } from "../ui/ListPage";
import { catalogueListPage, requireCatalogue } from "./catalogue.server";
import { catalogueByKey, type CatalogueKey } from "./definitions";
import { catalogueList } from "./lists";

// One module for the list of every catalogue (app/routes.ts): the URL says which.
export const handle = {
  breadcrumbs: (data: { key: CatalogueKey }) => [BEHEER_CRUMB, { label: catalogueByKey(data.key).title }],
};

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data ? catalogueByKey(data.key).title : "Beheer"} – Ledenportaal` }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { catalogue } = await requireCatalogue(request);
  return { key: catalogue.key, ...(await catalogueListPage(catalogue, new URL(request.url))) };
}

export default function CatalogueList({ loaderData }: Route.ComponentProps) {
  return <ListPage definition={catalogueList(catalogueByKey(loaderData.key), loaderData.choices)} data={loaderData} />;
}
