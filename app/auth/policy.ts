import { isFullMember, type Account } from "./account";

/**
 * Every permission decision of the portal in one place. Loaders and actions ask `can` before they
 * read or write; the menu asks it before it shows an entry.
 */
export type Action =
  | "signed-in"
  | "admin"
  | "imitate"
  | "imitate:choose"
  | "menu:member"
  | "menu:accounts"
  | "menu:registrant"
  | "downloads"
  /** The downloads of categories for members only (allow_non_members off): the downloads, but not for associate members. */
  | "downloads:members-only"
  | "help"
  /** Admin-only membership work: list, new, add, delete, approve, status, associate flag, roles, principal establishment. */
  | "members:admin"
  /** Open and change one membership (subject: its id): admins, and the membership's managers. */
  | "member:edit"
  /** Add and change the accounts of one membership (subject: its id). */
  | "member:accounts"
  /** Admin-only establishment work: list, new, export, delete, approve, status, membership, lidnummer, franchise, preventiecentrum, nlfb. */
  | "enterprises:admin"
  /** Admin-only work on the professionals register: list, delete. */
  | "registrants:admin"
  /** Open and change one establishment (subject: enterpriseId): admins, and accounts that manage it. */
  | "enterprise:edit"
  /** Add an establishment to a membership (subject: memberId): admins, and the membership's managers. */
  | "enterprise:add"
  /** Change the contact persons and branch managers of an establishment (subject: its memberId). */
  | "enterprise:roles"
  /** See a person's photo (subject: userId, and memberId of that person's membership): shown where the portal shows the person. */
  | "avatar:view"
  /** See a professional's own record, its photo included (subject: registrantId). */
  | "registrant:view";

/** The record a decision is about, where the action concerns one. */
export interface Subject {
  memberId?: number;
  enterpriseId?: number;
  userId?: number;
  registrantId?: number;
}

function isImitator(account: Account): boolean {
  return account.isSuperAdmin || account.imitatedBy !== null;
}

export function can(account: Account | null, action: Action, subject: Subject = {}): boolean {
  if (!account) return false;
  switch (action) {
    case "signed-in":
      return true;
    case "admin":
      return account.isAdmin;
    case "imitate":
      return isImitator(account);
    case "imitate:choose":
      // Only admins get the list of users; someone imitating a non-admin can only stop.
      return isImitator(account) && account.isAdmin;
    case "menu:member":
      return !account.isAdmin && account.managerMember;
    case "menu:accounts":
      return !account.isAdmin && (account.managerMember || isFullMember(account));
    case "menu:registrant":
      return account.registrant !== null;
    case "downloads":
      return (
        account.isAdmin || account.franchiseManager || account.managerMember || account.listableEnterprises.length > 0
      );
    case "downloads:members-only":
      return account.isAdmin || (can(account, "downloads") && !account.memberDetails?.associate);
    case "help":
      return account.isAdmin || isFullMember(account) || account.registrant !== null;
    case "members:admin":
      return account.isAdmin;
    case "enterprises:admin":
    case "registrants:admin":
      return account.isAdmin;
    case "enterprise:edit":
      return account.isAdmin || (subject.enterpriseId !== undefined && account.enterprises.includes(subject.enterpriseId));
    case "avatar:view":
      // Oneself, admins, and the people of one's own membership (account cards, contacts, managers).
      return (
        account.isAdmin ||
        (subject.userId !== undefined && subject.userId === account.id) ||
        (account.member !== null && subject.memberId !== undefined && subject.memberId === account.member)
      );
    case "registrant:view":
      return account.isAdmin || (subject.registrantId !== undefined && subject.registrantId === account.registrant);
    case "member:edit":
    case "member:accounts":
    case "enterprise:add":
    case "enterprise:roles":
      return (
        account.isAdmin ||
        (account.managerMember && subject.memberId !== undefined && account.member === subject.memberId)
      );
  }
}
