import type { ReactNode } from "react";
import { Link } from "react-router";
import { imageUrl } from "../shell/Avatar";
import { Icon } from "./Icon";
import { userIcon } from "./icons";

export interface UserCardData {
  id: number;
  fullName: string;
  email: string;
  phonePrimary?: string;
  image?: { id: number; modified: string } | null;
  enabled?: boolean;
}

/** A person as a card (roles and accounts of a membership); links to `href` when given. */
export function UserCard({ user, href, children }: { user: UserCardData; href?: string; children?: ReactNode }) {
  const name = href ? <Link to={href}>{user.fullName}</Link> : user.fullName;
  return (
    <article className={`user-card${user.enabled === false ? " user-card--disabled" : ""}`}>
      {user.image ? (
        <img className="user-card__image" src={imageUrl(user.image, 150)} alt="" width={64} height={64} />
      ) : (
        <Icon icon={userIcon} className="user-card__image user-card__image--empty" />
      )}
      <div className="user-card__body">
        <h3 className="user-card__name">{name}</h3>
        <p className="user-card__line">{user.email}</p>
        {user.phonePrimary ? <p className="user-card__line">{user.phonePrimary}</p> : null}
        {user.enabled === false ? <p className="user-card__line user-card__state">Niet actief</p> : null}
        {children}
      </div>
    </article>
  );
}
