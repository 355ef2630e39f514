/** A menu entry as the header renders it. */
export interface MenuItem {
  label: string;
  href: string;
  children?: MenuItem[];
}
