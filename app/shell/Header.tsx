import { Suspense, use } from "react";
import { href, Link, NavLink } from "react-router";
import { accountKey, type Account } from "../auth/account";
import { Icon } from "../ui/Icon";
import type { MenuItem } from "./menu";
import { ServiceWorkerStatus } from "../offline/ServiceWorkerStatus";
import { InstallButton } from "./InstallButton";
import { OfflineMarker } from "./OfflineMarker";
import { menuIcon } from "../ui/icons";
import { usePortalStatus } from "../offline/offline-state";
import { loadAccountBar } from "./account-bar";

/** The signed-in part, loaded apart (account-bar.ts). */
function AccountBarSlot({ account }: { account: Account }) {
  const { default: AccountBar } = use(loadAccountBar());
  return <AccountBar account={account} />;
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
 * without JavaScript); on wide screens it is always shown. The menu is shown online only (part 1
 * §2): while the portal cannot be reached it is left out.
 */
export function Header({ account, menu }: { account: Account | null; menu: MenuItem[] }) {
  const reachable = usePortalStatus() !== "offline";
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
          <Suspense fallback={null}>
            <AccountBarSlot account={account} />
          </Suspense>
        ) : null}
      </div>
      {account?.imitatedBy ? (
        <p className="header__imitating" role="status">
          U imiteert {account.fullName} (ingelogd als {account.imitatedBy}). <Link to={href("/imitate")}>Stop imiteren</Link>
        </p>
      ) : null}
      {menu.length && reachable ? (
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
