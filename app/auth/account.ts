/** The signed-in account as every screen sees it (browser-safe: no server imports). */
export interface Account {
  id: number;
  email: string;
  username: string | null;
  givenName: string;
  namePreposition: string;
  familyName: string;
  fullName: string;
  image: { id: number; modified: string } | null;
  role: "super-admin" | "admin" | "user";
  isAdmin: boolean;
  isSuperAdmin: boolean;
  member: number | null;
  memberDetails: { id: number; name: string; associate: boolean } | null;
  managerMember: boolean;
  contactMember: boolean;
  /** Establishments this account may change. */
  enterprises: number[];
  /** Establishments this account may see in its own list. */
  listableEnterprises: number[];
  franchiseManager: boolean;
  registrant: number | null;
  mfaType: "" | "email" | "app";
  /** Set while an admin imitates this account: the admin's name. */
  imitatedBy: string | null;
}

export function isFullMember(a: Account): boolean {
  return a.memberDetails !== null && !a.memberDetails.associate;
}

/**
 * Whose pages and queued posts the browser keeps (the service worker's page cache, the offline
 * queue): the account, and the admin imitating it; "anoniem" when no one is signed in.
 */
export function accountKey(a: Pick<Account, "id" | "imitatedBy"> | null): string {
  return a ? `${a.id}-${a.imitatedBy ?? ""}` : "anoniem";
}
