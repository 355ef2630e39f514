import type { Route } from "./+types/help";
import { requireAccess } from "../auth/account.server";
import { RichText } from "../ui/RichText";
import { getText } from "./texts.server";

export const handle = { breadcrumbs: [{ label: "Help" }] };

export function meta() {
  return [{ title: "Help – Ledenportaal" }];
}

/** /help: the text page_help (part 2 §2.5), for full members, professionals and admins. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "help");
  return { help: await getText("page_help") };
}

export default function Help({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Help</h1>
      <RichText className="card" html={loaderData.help} />
    </>
  );
}
