import { Form, useLocation } from "react-router";
import { ConfirmDialog, ConfirmPage } from "../ui/ConfirmDialog";
import { tabPath } from "../ui/tab-path";
import { CONFIRM_ID_PARAM, CONFIRM_PARAM, EMPLOYMENT_FIELD, type EmploymentConfirmation } from "./employments";

/** A button of a card that posts at once (Intrekken, Verbergen), named with whom it is about. */
export function EmploymentButton({
  path,
  tab,
  employment,
  intent,
  label,
  name,
}: {
  path: string;
  tab: string;
  employment: number;
  intent: string;
  label: string;
  /** Whom or what the card is about, for screen readers ('Intrekken Jan Jansen'). */
  name: string;
}) {
  return (
    <Form method="post" action={tabPath(path, tab)}>
      <input type="hidden" name={EMPLOYMENT_FIELD} value={employment} />
      <button type="submit" name="intent" value={intent} className="button button--small button--secondary" aria-label={`${label} ${name}`}>
        {label}
      </button>
    </Form>
  );
}

/** The link that asks a confirmation (the page without JavaScript, a dialog with it). */
const confirmHref = (path: string, tab: string, confirm: EmploymentConfirmation, employment: number) =>
  tabPath(`${path}?${CONFIRM_PARAM}=${confirm.slug}&${CONFIRM_ID_PARAM}=${employment}`, tab);

const question = (confirm: EmploymentConfirmation, name: string) => (
  <>
    <p>{confirm.text}</p>
    <p>
      <strong>{name}</strong>
    </p>
  </>
);

/** A button of a card that asks first (Ontkoppelen, Accepteren, Afwijzen). */
export function ConfirmedEmploymentButton({
  path,
  tab,
  employment,
  confirm,
  label,
  name,
}: {
  path: string;
  tab: string;
  employment: number;
  confirm: EmploymentConfirmation;
  label: string;
  name: string;
}) {
  return (
    <ConfirmDialog
      triggerHref={confirmHref(path, tab, confirm, employment)}
      triggerLabel={`${label} ${name}`}
      triggerContent={label}
      triggerClassName={`button button--small${confirm.tone === "danger" ? " button--secondary" : ""}`}
      title={confirm.title}
      text={question(confirm, name)}
      confirmLabel={confirm.confirmLabel}
      tone={confirm.tone}
      action={tabPath(path, tab)}
      fields={{ intent: confirm.intent, [EMPLOYMENT_FIELD]: String(employment) }}
    />
  );
}

/**
 * The confirmation a browser without JavaScript opened (?bevestigen=…&koppeling=…), at the top of
 * the tab: only for a card of this tab that offers that step; anything else shows nothing.
 */
export function PendingConfirmation({
  path,
  tab,
  confirmations,
  cards,
}: {
  path: string;
  tab: string;
  /** The confirmations of this tab, each with the card action it belongs to. */
  confirmations: { confirm: EmploymentConfirmation; action: string }[];
  cards: { id: number; name: string; actions: readonly string[] }[];
}) {
  // useLocation rather than useSearchParams: every page already loads it, the other adds to all pages' shared code.
  const params = new URLSearchParams(useLocation().search);
  const slug = params.get(CONFIRM_PARAM);
  const id = Number(params.get(CONFIRM_ID_PARAM));
  const wanted = confirmations.find((c) => c.confirm.slug === slug);
  const card = wanted ? cards.find((c) => c.id === id && c.actions.includes(wanted.action)) : undefined;
  if (!wanted || !card) return null;
  return (
    <ConfirmPage
      level={2}
      title={wanted.confirm.title}
      text={question(wanted.confirm, card.name)}
      confirmLabel={wanted.confirm.confirmLabel}
      tone={wanted.confirm.tone}
      action={tabPath(path, tab)}
      fields={{ intent: wanted.confirm.intent, [EMPLOYMENT_FIELD]: String(card.id) }}
      cancelHref={tabPath(path, tab)}
    />
  );
}
