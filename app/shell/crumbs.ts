import type { Crumb } from "./Breadcrumbs";

/** Where the admin areas sit (part 2 §2.4, §2.6): a crumb without a page of its own. */
export const BEHEER_CRUMB: Crumb = { label: "Beheer" };
