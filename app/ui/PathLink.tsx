import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

/**
 * A link to a page of the portal, for the many links of a list (names, counts, delete icons, pager,
 * sort headers). React Router's <Link> resolves its target against the matched routes twice per
 * render, which made up a tenth of a list page's server time; this is a plain anchor, and
 * `usePathLinkNavigation` (once, in the document) makes a click on it navigate in the browser as
 * a <Link> click does (the link's own onClick, which may prevent it, runs first: React listens on
 * the document before this listener is added). Without JavaScript both are the same link.
 * `data-discover` lets React Router learn the target's route ahead of the click, as it does for
 * <Link>.
 */
export function PathLink({
  to,
  preventScrollReset,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  /** As <Link>'s: the page does not return to its top (a link's #hash still brings its element into view). */
  preventScrollReset?: boolean;
}) {
  return (
    <a {...rest} href={to} data-discover="true" data-path-link="" data-prevent-scroll-reset={preventScrollReset ? "" : undefined}>
      {children}
    </a>
  );
}

/** A plain left click, as <Link> takes it over: no other button, no modifier key (new tab, window, download). */
function isPlainClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** Client-side navigation for every PathLink on the page, through one listener. */
export function usePathLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return;
      const anchor = event.target.closest<HTMLAnchorElement>("a[data-path-link]");
      if (!anchor || (anchor.target && anchor.target !== "_self")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // As <Link>: a link to the page itself replaces the history entry instead of adding one.
      void navigate(to, { replace: to === here, preventScrollReset: anchor.hasAttribute("data-prevent-scroll-reset") });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
