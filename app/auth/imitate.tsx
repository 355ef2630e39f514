import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "../lib/parse-form";
import { Form, href, Link, useSubmit } from "react-router";
import type { Route } from "./+types/imitate";
import { Autocomplete } from "../ui/Autocomplete";
import { ErrorSummary } from "../ui/ErrorSummary";
import { requireAccess } from "./account.server";
import { RESULT_LIMIT, searchCandidates, startImitation, stopImitation, type ImitationCandidate } from "./imitation.server";
import { can } from "./policy";
import { IMITATE_MIN_CHARS, imitateSearchSchema } from "./schemas";
import { readFields } from "../lib/form-body.server";

export const handle = { breadcrumbs: [{ label: "Beheer" }, { label: "Imiteer gebruiker" }] };

export function meta() {
  return [{ title: "Imiteer gebruiker – Ledenportaal" }];
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { session, account } = await requireAccess(request, "imitate");
  const canChoose = can(account, "imitate:choose");
  const params = new URL(request.url).searchParams;
  let lastResult = null;
  let results: { users: ImitationCandidate[]; more: boolean; limit: number } | null = null;
  if (canChoose && params.has("q")) {
    const submission = parseWithZod(params, { schema: imitateSearchSchema });
    if (submission.status === "success") {
      results = { ...(await searchCandidates(session, account, submission.value.q, RESULT_LIMIT)), limit: RESULT_LIMIT };
    } else {
      lastResult = submission.reply();
    }
  }
  return {
    imitating: account.imitatedBy ? { name: account.fullName, by: account.imitatedBy } : null,
    canChoose,
    q: params.get("q") ?? "",
    lastResult,
    results,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { session, account } = await requireAccess(request, "imitate");
  const form = await readFields(request);
  if (form.get("intent") === "stop") return stopImitation(session);
  if (form.get("intent") === "start") return startImitation(session, account, form.get("userId"));
  return new Response(null, { status: 400 });
}

function StartButton({ user }: { user: ImitationCandidate }) {
  return (
    <Form method="post" action={href("/imitate")}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="userId" value={user.id} />
      <button type="submit" className="button button--small" aria-describedby={`gebruiker-${user.id}`}>
        Imiteren
      </button>
    </Form>
  );
}

function UserSearch({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const submit = useSubmit();
  const [form, fields] = useForm<{ q: string }>({
    id: "imitate-search",
    lastResult: loaderData.lastResult,
    defaultValue: { q: loaderData.q },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: imitateSearchSchema }),
  });
  const { results } = loaderData;
  return (
    <section className="card" aria-labelledby="imitate-search-title">
      <h2 id="imitate-search-title">Kies een gebruiker</h2>
      <Form method="get" action={href("/imitate")} {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ q: "Zoek gebruiker" }} />
        <Autocomplete<ImitationCandidate>
          key={fields.q.key}
          id={fields.q.id}
          name={fields.q.name}
          label="Zoek gebruiker"
          hint={`Naam of e-mailadres, minimaal ${IMITATE_MIN_CHARS} tekens.`}
          defaultValue={fields.q.initialValue}
          errors={fields.q.errors}
          errorId={fields.q.errorId}
          source={href("/imitate/gebruikers")}
          minLength={IMITATE_MIN_CHARS}
          itemKey={(user) => user.id}
          renderItem={(user) => (
            <>
              <strong>{user.fullName}</strong> <span className="autocomplete__detail">{user.email}</span>
            </>
          )}
          onPick={(user) => submit({ intent: "start", userId: String(user.id) }, { method: "post", action: href("/imitate") })}
        />
        <div className="form__actions">
          <button type="submit" className="button">
            Zoeken
          </button>
        </div>
      </Form>
      {results ? (
        <section aria-labelledby="imitate-results-title">
          <h3 id="imitate-results-title" className="visually-hidden">
            Resultaten
          </h3>
          {results.users.length ? (
            <ul className="results">
              {results.users.map((user) => (
                <li key={user.id}>
                  <span id={`gebruiker-${user.id}`}>
                    <strong>{user.fullName}</strong> {user.email}
                  </span>
                  <StartButton user={user} />
                </li>
              ))}
            </ul>
          ) : (
            <p>Geen resultaten gevonden</p>
          )}
          {results.more ? (
            <p className="form__note">
              Er zijn meer dan {results.limit} gebruikers gevonden; alleen de eerste {results.limit} staan hier. Verfijn uw
              zoekopdracht.
            </p>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}

export default function Imitate({ loaderData }: Route.ComponentProps) {
  const { imitating, canChoose } = loaderData;
  return (
    <>
      <h1>Imiteer gebruiker</h1>
      {imitating ? (
        <section className="card" aria-labelledby="imitating-title">
          <h2 id="imitating-title">U imiteert {imitating.name}</h2>
          <p>
            U bent ingelogd als {imitating.by} en ziet het portaal zoals {imitating.name} het ziet.
          </p>
          <Form method="post" action={href("/imitate")}>
            <input type="hidden" name="intent" value="stop" />
            <button type="submit" className="button">
              Stop imiteren
            </button>
          </Form>
        </section>
      ) : null}
      {canChoose ? <UserSearch loaderData={loaderData} /> : null}
      {canChoose ? (
        <p>
          <Link to={href("/imitate/logboek")}>Logboek imiteren</Link>: wie wanneer wie heeft geïmiteerd.
        </p>
      ) : null}
    </>
  );
}
