import { getFormProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { parseWithZod } from "../lib/parse-form";
import { imageUrl } from "../shell/Avatar";
import { ErrorSummary } from "../ui/ErrorSummary";
import { CheckboxField, Field } from "../ui/Field";
import { Icon } from "../ui/Icon";
import { userIcon } from "../ui/icons";
import { ConfirmedEmploymentButton, EmploymentButton, PendingConfirmation } from "./EmploymentActions";
import {
  EMPLOYMENT_TEXTS as T,
  ENTERPRISE_EMPLOYMENT_INTENT,
  ENTERPRISE_TAB,
  ENTERPRISE_TERMINATE_CONFIRM,
  INVITE_LABELS,
  inviteSchema,
  type EnterpriseEmploymentCard,
  type EnterpriseEmploymentsData,
  type InviteActionData,
  type InviteOutput,
  type InviteValues,
} from "./employments";
import { tabPath } from "../ui/tab-path";

const CONFIRMATIONS = [{ confirm: ENTERPRISE_TERMINATE_CONFIRM, action: "terminate" }];

/** 'Professional uitnodigen': the e-mail address and whether to mail the invitation. */
function InviteForm({ path, action }: { path: string; action?: InviteActionData }) {
  const [form, fields] = useForm<InviteValues, InviteOutput>({
    id: "employment-invite",
    lastResult: action?.result,
    defaultValue: { email: "", sendInvitation: "on" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
  });
  return (
    <section className="employment-invite" aria-labelledby="employment-invite-title">
      <h2 id="employment-invite-title">{T.inviteHeading}</h2>
      <Form method="post" action={tabPath(path, ENTERPRISE_TAB)} {...getFormProps(form)}>
        <ErrorSummary form={form} labels={{ email: INVITE_LABELS.email }} />
        <p className="form__note">{T.inviteIntro}</p>
        <Field meta={fields.email} label={INVITE_LABELS.email} type="email" required autoComplete="off" />
        <CheckboxField meta={fields.sendInvitation} label={INVITE_LABELS.sendInvitation} />
        <div className="form__actions">
          <button type="submit" name="intent" value={ENTERPRISE_EMPLOYMENT_INTENT.invite} className="button">
            {INVITE_LABELS.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

function ProfessionalCard({ card, path }: { card: EnterpriseEmploymentCard; path: string }) {
  const common = { path, tab: ENTERPRISE_TAB, employment: card.id, name: card.name };
  return (
    <article className="user-card employment-card">
      {card.image ? (
        <img className="user-card__image" src={imageUrl(card.image, 150)} alt="" width={64} height={64} />
      ) : (
        <Icon icon={userIcon} className="user-card__image user-card__image--empty" />
      )}
      <div className="user-card__body">
        <h3 className="user-card__name">{card.name}</h3>
        {card.level ? <p className="user-card__line">{card.level}</p> : null}
        <p className="user-card__line employment-card__status">{card.statusLine}</p>
        {card.actions.length ? (
          <div className="employment-card__actions">
            {card.actions.map((action) =>
              action === "terminate" ? (
                <ConfirmedEmploymentButton key={action} {...common} confirm={ENTERPRISE_TERMINATE_CONFIRM} label={T.terminate} />
              ) : (
                <EmploymentButton
                  key={action}
                  {...common}
                  intent={action === "revoke" ? ENTERPRISE_EMPLOYMENT_INTENT.revoke : ENTERPRISE_EMPLOYMENT_INTENT.dismiss}
                  label={action === "revoke" ? T.revoke : T.dismiss}
                />
              ),
            )}
          </div>
        ) : null}
      </div>
    </article>
  );
}

/**
 * Tab Professionals of an establishment (part 1 §2): the invite form for its managers and admins,
 * and the professionals as cards in groups — working here ('Werkzaam sinds'), invited
 * ('Uitgenodigd'), ended by the professional, declined — with Intrekken, Ontkoppelen (confirmed)
 * and Verbergen. A contact person sees the cards only.
 */
export function EnterpriseEmploymentsTab({ data, action }: { data: EnterpriseEmploymentsData; action?: InviteActionData }) {
  const cards = data.groups.flatMap((g) => g.cards);
  return (
    <>
      {action?.notification ? (
        // In the tab, beside the form it is about, and staying while the person corrects the address
        // (the page's own notification closes by itself; importing it here would split it from the shell).
        <div className={`notification notification--${action.notification.type}`} role="alert">
          <div className="notification__body">
            <p className="notification__header">{action.notification.header}</p>
            {action.notification.text ? <p className="notification__text">{action.notification.text}</p> : null}
          </div>
        </div>
      ) : null}
      <PendingConfirmation path={data.path} tab={ENTERPRISE_TAB} confirmations={CONFIRMATIONS} cards={cards} />
      {data.readOnly ? null : <InviteForm path={data.path} action={action} />}
      {data.groups.length ? (
        data.groups.map((group) => (
          <section key={group.key} className="employment-group" aria-labelledby={`professionals-${group.key}`}>
            <h2 id={`professionals-${group.key}`}>{group.label}</h2>
            <div className="cards">
              {group.cards.map((card) => (
                <ProfessionalCard key={card.id} card={card} path={data.path} />
              ))}
            </div>
          </section>
        ))
      ) : (
        <p className="empty">{T.enterpriseEmpty}</p>
      )}
    </>
  );
}
