import { imageUrl } from "../shell/Avatar";
import { ConfirmedEmploymentButton, EmploymentButton, PendingConfirmation } from "./EmploymentActions";
import {
  ACCEPT_CONFIRM,
  DECLINE_CONFIRM,
  EMPLOYMENT_TEXTS as T,
  REGISTRANT_EMPLOYMENT_INTENT,
  REGISTRANT_TAB,
  REGISTRANT_TERMINATE_CONFIRM,
  type RegistrantEmploymentCard,
  type RegistrantEmploymentsData,
} from "./employments";

const CONFIRMATIONS = [
  { confirm: ACCEPT_CONFIRM, action: "accept" },
  { confirm: DECLINE_CONFIRM, action: "decline" },
  { confirm: REGISTRANT_TERMINATE_CONFIRM, action: "terminate" },
];

const BUTTON_LABELS: Record<RegistrantEmploymentCard["actions"][number], string> = {
  accept: T.accept,
  decline: T.decline,
  terminate: T.terminate,
  dismiss: T.dismiss,
};

const CONFIRM_OF = { accept: ACCEPT_CONFIRM, decline: DECLINE_CONFIRM, terminate: REGISTRANT_TERMINATE_CONFIRM } as const;

function SportCentreCard({ card, path }: { card: RegistrantEmploymentCard; path: string }) {
  const name = card.enterprise.name;
  const common = { path, tab: REGISTRANT_TAB, employment: card.id, name };
  return (
    <article className="enterprise-card employment-card">
      {card.enterprise.header ? <img className="employment-card__header" src={imageUrl(card.enterprise.header, 420)} alt="" /> : null}
      <h3 className="enterprise-card__name">{name}</h3>
      <p className="enterprise-card__line employment-card__status">{card.statusLine}</p>
      {card.actions.length ? (
        <div className="employment-card__actions">
          {card.actions.map((action) =>
            action === "dismiss" ? (
              <EmploymentButton key={action} {...common} intent={REGISTRANT_EMPLOYMENT_INTENT.dismiss} label={BUTTON_LABELS[action]} />
            ) : (
              <ConfirmedEmploymentButton key={action} {...common} confirm={CONFIRM_OF[action]} label={BUTTON_LABELS[action]} />
            ),
          )}
        </div>
      ) : null}
    </article>
  );
}

/**
 * Tab Sportcentra of a professional (part 2 §2.8, §4.2): the establishments as cards with their
 * name, header image and a status line ('Uitgenodigd', 'Werkzaam sinds …', 'Ontkoppeld'); an
 * invitation is accepted or declined and an employment ended after a confirmation (a dialog with
 * JavaScript, a question at the top of the tab without), an end by the establishment is hidden
 * with Verbergen.
 */
export function RegistrantEmploymentsTab({ data }: { data: RegistrantEmploymentsData }) {
  const cards = data.cards.map((c) => ({ id: c.id, name: c.enterprise.name, actions: c.actions }));
  return (
    <>
      <PendingConfirmation path={data.path} tab={REGISTRANT_TAB} confirmations={CONFIRMATIONS} cards={cards} />
      {data.cards.length ? (
        <div className="cards">
          {data.cards.map((card) => (
            <SportCentreCard key={card.id} card={card} path={data.path} />
          ))}
        </div>
      ) : (
        <p className="empty">{T.registrantEmpty}</p>
      )}
    </>
  );
}
