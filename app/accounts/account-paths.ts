import { href } from "react-router";

/** An account's page in the admin register. */
export const userEditPath = (userId: number) => href("/accounts/bewerken/:user", { user: String(userId) });

/** An account's page among the own membership's accounts. */
export const myUserEditPath = (userId: number) => href("/mijn-accounts/account-bewerken/:user", { user: String(userId) });

/** What an account page shows around its forms, by where it is opened. */
export interface AccountPageFrame {
  /** The admin register: the form also sets membership and rights. */
  register: boolean;
  /** Where Annuleren goes (the list, or the membership's Accounts tab). */
  listHref: string;
  /** Where the add form posts. */
  addHref: string;
  /** The membership the page works in, shown above the form (admin's membership pages). */
  member: { name: string; href: string } | null;
}

/** An account's page among a membership's accounts (admin). */
export const memberUserEditPath = (memberId: number, userId: number) =>
  href("/lidmaatschappen/bewerken/:member/account-bewerken/:user", { member: String(memberId), user: String(userId) });
