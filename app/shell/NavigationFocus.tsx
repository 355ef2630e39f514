import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * With JavaScript, a navigation replaces the page without a page load, and the element that had
 * focus (a link, the form's button) is often gone with the old page: focus would drop to the
 * document and the next Tab start somewhere at random. After such a navigation (a link, a search, a
 * save or delete and its notification), focus moves to the new page's heading, as a page load puts
 * a reader at the top; a control that still has focus (a sort header, a tab, the first invalid
 * field) keeps it. Without JavaScript every step is a page load and the browser does this itself.
 */
export function NavigationFocus() {
  const { key } = useLocation();
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    focusHeading();
  }, [key]);
  return null;
}

/** Focuses the page's heading (the main content when it has none), without scrolling. */
export function focusHeading() {
  const main = document.getElementById("inhoud");
  const heading = main?.querySelector<HTMLElement>("h1") ?? main;
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  // Where the page scrolls to is ScrollRestoration's call.
  heading.focus({ preventScroll: true });
}
