import { lazy, Suspense, useEffect, useState } from "react";
import { data, href, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { getAuth } from "./auth/account.server";
import { commitSession } from "./auth/session.server";
import { Breadcrumbs } from "./shell/Breadcrumbs";
import { Header } from "./shell/Header";
import { LoadingOverlay } from "./shell/LoadingOverlay";
import { menuFor } from "./shell/menu.server";
import { NavigationFocus } from "./shell/NavigationFocus";
import { Notifications } from "./shell/Notifications";
import { useNonce } from "./shell/nonce";
import { usePathLinkNavigation } from "./ui/PathLink";
import { accountKey } from "./auth/account";
import { notAfterQueued, setQueueAccount } from "./offline/offline-state";

// Signed-in pages only, after the page: the queue and its storage (3.5 KB) stay off the public pages.
const OfflineQueue = lazy(() => import("./offline/OfflineQueue"));

/** After a post kept offline, nothing is reloaded (see offline-post.ts). */
export const shouldRevalidate = notAfterQueued;

/** True once the page runs in the browser: what only JavaScript can do is shown from then on. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { session, account } = await getAuth(request);
  const notification = session.get("notification") ?? null;
  const body = { account, menu: menuFor(account), notification };
  // Reading the flash consumes it; a session that lost its account is cleaned up too.
  const dirty = notification !== null || (!account && session.has("userId"));
  return data(body, dirty ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  usePathLinkNavigation();
  const account = root?.account ?? null;
  // The offline queue keeps posts under this account, and shows only this account's.
  setQueueAccount(accountKey(account));
  const hydrated = useHydrated();
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5394" />
        {/* A stylesheet with a precedence goes ahead of the scripts' preloads: the page is drawn before they arrive. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <meta
          name="description"
          content="Het ledenportaal van de branchevereniging voor sport- en fitnesscentra: lidmaatschappen, vestigingen en het register van fitnessprofessionals."
        />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#inhoud">
          Naar de inhoud
        </a>
        <Header account={root?.account ?? null} menu={root?.menu ?? []} />
        <LoadingOverlay />
        <main id="inhoud" className="main" tabIndex={-1}>
          <Notifications notification={root?.notification ?? null} />
          {account && hydrated ? (
            <Suspense fallback={null}>
              <OfflineQueue key={accountKey(account)} />
            </Suspense>
          ) : null}
          <Breadcrumbs />
          {children}
        </main>
        <NavigationFocus />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta() {
  return [{ title: "Ledenportaal" }];
}

/** Refusals whose text says what was wrong with the request ('Het formulier kon niet worden gelezen.'). */
const SAID_REFUSALS = new Set([400, 413]);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const said = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : "";
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A page may name what is gone ('Deze gebruiker bestaat niet (meer)!').
    return <ErrorCard title={said || "Dit item bestaat niet (meer)."} />;
  }
  if (isRouteErrorResponse(error) && SAID_REFUSALS.has(error.status) && said) {
    // What was typed is still in the form one page back.
    return <ErrorCard title={said} hint="Ga terug naar de vorige pagina en probeer het opnieuw." />;
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorCard title="Oeps, er gaat iets mis!" hint="Probeer het later opnieuw." />;
}

function ErrorCard({ title, hint }: { title: string; hint?: string }) {
  return (
    <section className="card">
      <h1>{title}</h1>
      {hint ? <p>{hint}</p> : null}
      <p>
        <a href={href("/")}>Terug naar home</a>
      </p>
    </section>
  );
}
