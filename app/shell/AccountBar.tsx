import { href, Link } from "react-router";
import type { Account } from "../auth/account";
import { changesText, useQueueSummary } from "../offline/offline-state";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Avatar } from "./Avatar";

export const LOGOUT_CONFIRM = {
  title: "Uitloggen",
  text: "Weet u zeker dat u wilt uitloggen?",
  confirmLabel: "Uitloggen",
  cancelLabel: "Annuleren",
  action: href("/uitloggen"),
};

/**
 * The logout question, with a warning while the offline queue is not empty (part 1 §2): logging
 * out clears all of it, the changes still to be sent as well as those the server refused and
 * those made under another account (while imitating), so the warning counts them all.
 */
function LogoutText() {
  const { kept } = useQueueSummary();
  return (
    <>
      <p>{LOGOUT_CONFIRM.text}</p>
      {kept ? (
        <p className="confirm__warning" role="alert">
          Let op: {changesText(kept)} die offline {kept === 1 ? "is" : "zijn"} bewaard, {kept === 1 ? "is" : "zijn"} nog niet door de
          server verwerkt en {kept === 1 ? "gaat" : "gaan"} verloren als u uitlogt.
        </p>
      ) : null}
    </>
  );
}

/** Logging out leaves nothing of the account behind in the browser: its queued posts go (its pages go with the account key). */
function forgetOfflineQueue() {
  void import("../offline/queue").then(({ clearQueue }) => clearQueue());
}

/**
 * The header's part for a signed-in account: the avatar and name (to Mijn gegevens) and
 * 'Uitloggen'. Loaded apart from the header (Header.tsx), so the public pages, where no one is
 * signed in, do not load it.
 */
export default function AccountBar({ account }: { account: Account }) {
  return (
    <div className="header__account">
      <Link to={href("/mijn-gegevens")} className="header__me">
        <Avatar account={account} size={32} />
        <span>{account.fullName}</span>
      </Link>
      <ConfirmDialog
        {...LOGOUT_CONFIRM}
        text={<LogoutText />}
        onConfirm={forgetOfflineQueue}
        triggerHref={href("/uitloggen")}
        triggerLabel="Uitloggen"
        triggerClassName="button button--secondary header__logout"
      />
    </div>
  );
}
