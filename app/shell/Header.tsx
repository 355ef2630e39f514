import { href, Link, NavLink } from "react-router";
import { accountKey, type Account } from "../auth/account";
import { useQueueSummary } from "../offline/queue-state";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Icon } from "../ui/Icon";
import { Avatar } from "./Avatar";
import type { MenuItem } from "./menu";
import { ServiceWorkerStatus } from "../offline/ServiceWorkerStatus";
import { InstallButton } from "./InstallButton";
import { OfflineMarker } from "./OfflineMarker";
import { menuIcon } from "../ui/icons";

export const LOGOUT_CONFIRM = {
  title: "Uitloggen",
  text: "Weet u zeker dat u wilt uitloggen?",
  confirmLabel: "Uitloggen",
  cancelLabel: "Annuleren",
  action: href("/uitloggen"),
};

function changes(count: number): string {
  return count === 1 ? "1 wijziging" : `${count} wijzigingen`;
}

/** The logout question, with a warning while offline changes wait to be sent (part 1 §2). */
function LogoutText() {
  const { waiting } = useQueueSummary();
  return (
    <>
      <p>{LOGOUT_CONFIRM.text}</p>
      {waiting ? (
        <p className="confirm__warning" role="alert">
          Let op: {changes(waiting)} die offline {waiting === 1 ? "is" : "zijn"} bewaard, {waiting === 1 ? "is" : "zijn"} nog niet naar de server
          verzonden en {waiting === 1 ? "gaat" : "gaan"} verloren als u uitlogt.
        </p>
      ) : null}
    </>
  );
}

/** Logging out leaves nothing of the account behind in the browser: its queued posts go (the pages go with the account key). */
function forgetOfflineQueue() {
  void import("../offline/queue").then(({ clearQueue }) => clearQueue());
}

function MenuList({ items }: { items: MenuItem[] }) {
  return (
    <ul className="menu__list">
      {items.map((item) => (
        <li key={item.href + item.label} className="menu__item">
          {item.href.startsWith("#") ? (
            // Focusable, so keyboard users open the group (CSS :focus-within) and tab into it.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above; the group's links stay reachable without JavaScript
            <span className="menu__group" tabIndex={0}>
              {item.label}
            </span>
          ) : (
            <NavLink to={item.href} end={item.href === "/"} className="menu__link">
              {item.label}
            </NavLink>
          )}
          {item.children?.length ? <MenuList items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Header and menu. On narrow screens the menu opens with a checkbox toggle (CSS only, so it works
 * without JavaScript); on wide screens it is always shown.
 */
export function Header({ account, menu }: { account: Account | null; menu: MenuItem[] }) {
  return (
    <header className="header">
      <div className="header__bar">
        <Link to={href("/")} className="header__brand">
          Ledenportaal
        </Link>
        <OfflineMarker />
        <ServiceWorkerStatus accountKey={accountKey(account)} />
        <InstallButton />
        {account ? (
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
        ) : null}
      </div>
      {account?.imitatedBy ? (
        <p className="header__imitating" role="status">
          U imiteert {account.fullName} (ingelogd als {account.imitatedBy}). <Link to={href("/imitate")}>Stop imiteren</Link>
        </p>
      ) : null}
      {menu.length ? (
        <div className="menu">
          <input type="checkbox" id="menu-toggle" className="menu__checkbox" aria-controls="hoofdmenu" />
          <label htmlFor="menu-toggle" className="menu__toggle">
            <Icon icon={menuIcon} /> Menu
          </label>
          <nav id="hoofdmenu" aria-label="Hoofdmenu">
            <MenuList items={menu} />
          </nav>
        </div>
      ) : null}
    </header>
  );
}
