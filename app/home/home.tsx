import type { Route } from "./+types/home";
import { href, Link } from "react-router";
import { getAuth } from "../auth/account.server";
import { CodeForm, LoginForm, SecondFactorSetupForm } from "../auth/LoginForm";
import { getText } from "../content/texts.server";
import { safeNext } from "../lib/request.server";
import { dashboard } from "./dashboard.server";
import { homeAction, pendingAppSetup, pendingStage } from "./home.server";
import { readFields } from "../lib/form-body.server";

export function meta() {
  return [{ title: "Home – Ledenportaal" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { session, account } = await getAuth(request);
  if (account) return { kind: "dashboard" as const, ...(await dashboard(account)) };
  const pending = pendingStage(session);
  return {
    kind: "anonymous" as const,
    stage: !pending ? ("login" as const) : pending.method === "setup" ? ("setup" as const) : ("code" as const),
    method: pending?.method === "app" ? ("app" as const) : ("email" as const),
    /** Setting up a second factor (admins): the code confirms it; the app's QR code while that is chosen. */
    setup: pending?.setup ?? false,
    appSetup: pending ? await pendingAppSetup(session, pending) : null,
    welcome: await getText("home_welcome"),
    next: safeNext(new URL(request.url).searchParams.get("next")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return homeAction(request, await readFields(request), context);
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "dashboard") {
    const { greeting, intro, cards } = loaderData;
    return (
      <div className="dashboard">
        {greeting ? <h1>{greeting}</h1> : <h1>Home</h1>}
        {intro ? <div className="card rich-text" dangerouslySetInnerHTML={{ __html: intro }} /> : null}
        {cards.map((card) => (
          <section key={card.id} className="card" aria-labelledby={card.id}>
            <h2 id={card.id}>{card.title}</h2>
            {card.lead ? <p>{card.lead}</p> : null}
            {card.notes.length ? (
              <ul className="warnings">
                {card.notes.map((note) => (
                  <li key={note.key}>
                    {note.name ? <strong>{note.name} </strong> : null}
                    {note.href ? <Link to={note.href}>{note.text}</Link> : note.text}
                  </li>
                ))}
              </ul>
            ) : (
              <p>Er zijn geen meldingen.</p>
            )}
            {card.link ? (
              <p>
                <Link to={card.link.href} className="button">
                  {card.link.label}
                </Link>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    );
  }
  const result = actionData as { login?: never; code?: never; setup?: never } | undefined;
  return (
    <div className="home-anonymous">
      <section className="card welcome" aria-labelledby="welcome-title">
        <h1 id="welcome-title">Welkom bij het Ledenportaal</h1>
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: loaderData.welcome }} />
      </section>
      {loaderData.stage === "setup" ? (
        <SecondFactorSetupForm lastResult={result?.setup} />
      ) : loaderData.stage === "code" ? (
        <CodeForm
          lastResult={result?.code}
          method={loaderData.method}
          setup={loaderData.setup}
          appSetup={loaderData.appSetup}
        />
      ) : (
        <div>
          <LoginForm lastResult={result?.login} next={loaderData.next} />
          <section className="card" aria-labelledby="register-links-title">
            <h2 id="register-links-title">Nog geen account?</h2>
            <ul>
              <li>
                <Link to={href("/registratie-fitnednl")}>Registreren als FITNED.NL-professional</Link>
              </li>
              <li>
                <Link to={href("/registratie-niet-lid")}>Proeflidmaatschap aanvragen voor niet-leden</Link>
              </li>
            </ul>
          </section>
        </div>
      )}
    </div>
  );
}

