import { Form } from "react-router";

export interface StatusButtonsProps {
  approved: boolean;
  inactive: boolean;
  hidden: boolean;
  /** Where the buttons post (the edit page's own action). */
  action: string;
  /** Non-admins see the state, not the buttons. */
  readOnly?: boolean;
  /** Why a button is refused, e.g. an establishment whose membership is inactive. */
  refusal?: { inactive?: string; hidden?: string };
}

/** One button posting an `intent` to `action` (a small form of its own, so it works without JavaScript). */
export function IntentButton({ action, intent, label }: { action: string; intent: string; label: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="button button--secondary">
        {label}
      </button>
    </Form>
  );
}

const yesNo = (value: boolean) => (value ? "Ja" : "Nee");

/**
 * The status buttons of memberships, establishments and professionals (one component for all):
 * an unapproved record says so instead; hiding is offered only while active. Each button is a
 * small form, so it works without JavaScript; the state changes only when the server says so.
 */
export function StatusButtons({ approved, inactive, hidden, action, readOnly, refusal }: StatusButtonsProps) {
  if (readOnly) {
    return (
      <dl className="status status--readonly">
        <div>
          <dt>Goedgekeurd</dt>
          <dd>{yesNo(approved)}</dd>
        </div>
        <div>
          <dt>Actief</dt>
          <dd>{yesNo(!inactive)}</dd>
        </div>
        <div>
          <dt>Zichtbaar</dt>
          <dd>{yesNo(!hidden)}</dd>
        </div>
      </dl>
    );
  }
  if (!approved) {
    return (
      <p className="status status--pending" role="status">
        Nog niet goedgekeurd
      </p>
    );
  }
  return (
    <div className="status">
      {refusal?.inactive ? (
        <p className="status__refusal">{refusal.inactive}</p>
      ) : (
        <IntentButton action={action} intent="toggle-inactive" label={inactive ? "Activeren" : "Deactiveren"} />
      )}
      {inactive ? null : refusal?.hidden ? (
        <p className="status__refusal">{refusal.hidden}</p>
      ) : (
        <IntentButton action={action} intent="toggle-hidden" label={hidden ? "Zichtbaar maken" : "Verbergen"} />
      )}
    </div>
  );
}
