import { href } from "react-router";
import type { Account } from "../auth/account";
import { Icon } from "../ui/Icon";
import { userIcon } from "../ui/icons";

export function imageUrl(image: { id: number; modified: string }, width: number, height = 0): string {
  // href() puts parameters in as they are: the timestamp's colons are encoded here.
  return href("/image/:id/:width/:height/:modified", { id: String(image.id), width: String(width), height: String(height), modified: encodeURIComponent(image.modified) });
}

export function Avatar({ account, size }: { account: Pick<Account, "image">; size: number }) {
  if (!account.image) return <Icon icon={userIcon} className="avatar avatar--empty" />;
  return <img className="avatar" src={imageUrl(account.image, 150)} width={size} height={size} alt="" />;
}
