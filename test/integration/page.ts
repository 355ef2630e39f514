import { parse, type HTMLElement, type Node } from "node-html-parser";

/**
 * Reads a page as a person with a screen reader does: controls by their label, a field's error
 * through its aria-describedby, tabs, breadcrumbs, headings, tables, buttons and links by their
 * accessible name. Tests use these instead of patterns over the markup's class names.
 */

const cache = new Map<string, HTMLElement>();

/** The parsed document (the last few parses are kept: tests ask several questions of one page). */
export function parsePage(html: string): HTMLElement {
  let root = cache.get(html);
  if (!root) {
    root = parse(html, { comment: false });
    if (cache.size > 8) cache.delete(cache.keys().next().value!);
    cache.set(html, root);
  }
  return root;
}

const root = (page: string | HTMLElement) => (typeof page === "string" ? parsePage(page) : page);
const squash = (s: string) => s.replace(/\s+/g, " ").trim();
const isElement = (n: Node): n is HTMLElement => n.nodeType === 1;

/**
 * The text a person perceives in an element: what is hidden from assistive technology
 * (aria-hidden) is left out; `withHidden: false` also leaves out what is only for screen readers.
 */
export function textOf(el: HTMLElement | null | undefined, { withHidden = true } = {}): string {
  if (!el) return "";
  const walk = (n: Node): string => {
    if (!isElement(n)) return n.nodeType === 3 ? n.text : "";
    if (n.getAttribute("aria-hidden") === "true" || n.tagName === "SCRIPT" || n.tagName === "STYLE") return "";
    if (!withHidden && n.classList.contains("visually-hidden")) return "";
    if (n.tagName === "IMG") return n.getAttribute("alt") ?? "";
    const inner = n.childNodes.map(walk).join("");
    return /^(P|DIV|LI|TD|TH|TR|H[1-6]|BR|SECTION|ARTICLE|NAV|UL|OL|DL|DT|DD|FORM|LABEL|LEGEND|FIELDSET)$/.test(n.tagName) ? ` ${inner} ` : inner;
  };
  return squash(walk(el));
}

/** The accessible name of an element: aria-labelledby, aria-label, its label(s), alt, or its text. */
export function nameOf(el: HTMLElement, page?: HTMLElement): string {
  const doc = page ?? topOf(el);
  const labelledBy = el.getAttribute("aria-labelledby");
  if (labelledBy) return squash(labelledBy.split(/\s+/).map((id) => textOf(byId(doc, id))).join(" "));
  const label = el.getAttribute("aria-label");
  if (label) return squash(label);
  if (/^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) return squash(labelsOf(el, doc).map((l) => textOf(l)).join(" "));
  if (el.tagName === "IMG") return squash(el.getAttribute("alt") ?? "");
  if (el.tagName === "FIELDSET") return textOf(el.querySelector("legend"));
  if (el.tagName === "INPUT") return squash(el.getAttribute("value") ?? "");
  return textOf(el);
}

function topOf(el: HTMLElement): HTMLElement {
  let n = el;
  while (n.parentNode) n = n.parentNode;
  return n;
}

function byId(doc: HTMLElement, id: string): HTMLElement | null {
  return doc.querySelector(`[id="${id.replace(/"/g, '\\"')}"]`);
}

function labelsOf(control: HTMLElement, doc: HTMLElement): HTMLElement[] {
  const id = control.getAttribute("id");
  const labels = id ? doc.querySelectorAll("label").filter((l) => l.getAttribute("for") === id) : [];
  let up = control.parentNode;
  while (up) {
    if (up.tagName === "LABEL" && !labels.includes(up)) labels.push(up);
    up = up.parentNode;
  }
  return labels;
}

const CONTROLS = "input:not([type=hidden]), select, textarea, fieldset";

/** The form controls (and groups) named `label`, in document order. */
export function controlsByLabel(page: string | HTMLElement, label: string | RegExp): HTMLElement[] {
  const doc = root(page);
  return doc.querySelectorAll(CONTROLS).filter((c) => matches(nameOf(c, doc), label));
}

/** The one form control named `label`; throws when there is none or more than one. */
export function control(page: string | HTMLElement, label: string | RegExp): HTMLElement {
  const found = controlsByLabel(page, label);
  if (found.length !== 1) throw new Error(`${found.length} controls labelled ${String(label)}`);
  return found[0];
}

function matches(name: string, wanted: string | RegExp) {
  return typeof wanted === "string" ? name === wanted : wanted.test(name);
}

const isHint = (id: string) => /-hint(-|$)/.test(id);

/**
 * The error of an invalid control as a screen reader announces it: the control says it is invalid
 * (aria-invalid) and points at the error with aria-describedby (a hint it also points at is not
 * part of the error). Undefined while the control is valid.
 */
function errorOf(c: HTMLElement, doc: HTMLElement): string | undefined {
  if (c.getAttribute("aria-invalid") !== "true" && c.tagName !== "FIELDSET") return undefined;
  const ids = (c.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id && !isHint(id));
  const texts = ids.map((id) => textOf(byId(doc, id))).filter(Boolean);
  return texts.length ? texts.join(" ") : undefined;
}

/** The error of the field labelled `label` (found through its aria-describedby), if it has one. */
export function fieldError(page: string | HTMLElement, label: string | RegExp): string | undefined {
  const doc = root(page);
  const found = controlsByLabel(doc, label);
  if (!found.length) throw new Error(`no control labelled ${String(label)}`);
  const errors = [...new Set(found.map((c) => errorOf(c, doc)).filter((e): e is string => !!e))];
  return errors.length ? errors.join(" ") : undefined;
}

/** Every field error of the page, with the label of its field, in document order. */
export function fieldErrors(page: string | HTMLElement): { label: string; name: string; error: string }[] {
  const doc = root(page);
  const seen = new Set<string>();
  const out: { label: string; name: string; error: string }[] = [];
  for (const c of doc.querySelectorAll(CONTROLS)) {
    const error = errorOf(c, doc);
    // Radio buttons of one group point at the same error: it is one error.
    const key = `${c.getAttribute("name") ?? nameOf(c, doc)}|${error}`;
    if (error && !seen.has(key)) {
      seen.add(key);
      out.push({ label: nameOf(c, doc), name: c.getAttribute("name") ?? "", error });
    }
  }
  return out;
}

/**
 * The error summary at the top of an invalid form (the alert): the messages for the whole form,
 * and one entry per invalid field, 'Label: error', with the field it links to.
 */
export function errorSummary(page: string | HTMLElement): { formErrors: string[]; fields: { text: string; href: string }[] } | undefined {
  const doc = root(page);
  const alert = doc
    .querySelectorAll('[role="alert"]')
    .find((a) => a.querySelector("form") === null && a.closest("form") !== null);
  if (!alert) return undefined;
  const links = alert.querySelectorAll("li a");
  const formErrors = alert
    .querySelectorAll("p")
    // The title of the list of fields introduces it, it is not a message.
    .filter((p) => !(links.length && p.nextElementSibling?.tagName === "UL"))
    .map((p) => textOf(p));
  return { formErrors, fields: links.map((a) => ({ text: textOf(a), href: a.getAttribute("href") ?? "" })) };
}

/**
 * All errors of a page: the form's own messages (in the error summary), then each field's error
 * found through its label and aria-describedby. Every field the summary lists must have one.
 */
export function errorsIn(page: string | HTMLElement): string[] {
  const doc = root(page);
  const summary = errorSummary(doc);
  const fields = fieldErrors(doc);
  for (const entry of summary?.fields ?? []) {
    const target = byId(doc, entry.href.replace(/^#/, ""));
    if (!target) throw new Error(`the error summary links to a missing field: ${entry.text}`);
    // A choice without a control of its own (a membership picked by search) shows its error beside it.
    if (!target.matches(CONTROLS) && !fields.some((f) => entry.text.endsWith(f.error))) {
      const error = target.parentNode?.querySelectorAll("p").find((p) => p !== target && p.getAttribute("id") === `${target.id}-error`);
      if (error) fields.push({ label: textOf(target), name: "", error: textOf(error) });
    }
  }
  return [...(summary?.formErrors ?? []), ...fields.map((f) => f.error)];
}

/**
 * The notification of the last action (role status, or alert for a danger): the page's own, which
 * closes, or one shown in a tab beside the form it is about.
 */
export function notification(page: string | HTMLElement): { header: string; text: string } | undefined {
  const doc = root(page);
  const box = doc
    .querySelectorAll('[role="status"], [role="alert"]')
    .find((el) => el.querySelectorAll("button").some((b) => nameOf(b, doc) === "Sluiten") || el.classList.contains("notification"));
  if (!box) return undefined;
  const [header, text] = box.querySelectorAll("p");
  return { header: textOf(header), text: textOf(text) };
}

/** The header of the notification, if there is one. */
export function notificationIn(page: string | HTMLElement): string | undefined {
  return notification(page)?.header;
}

/** The first level-1 heading's text (what the page is about). */
export function heading(page: string | HTMLElement): string {
  return textOf(root(page).querySelector("h1"));
}

/** The texts of the headings of a level (all levels when none is given), in document order. */
export function headings(page: string | HTMLElement, level?: number): string[] {
  const sel = level ? `h${level}` : "h1, h2, h3, h4, h5, h6";
  return root(page).querySelectorAll(sel).map((h) => textOf(h));
}

/** The breadcrumbs after the home link: 'label → href' for links, the label for the current page. */
export function breadcrumbs(page: string | HTMLElement): string[] {
  const doc = root(page);
  const nav = doc.querySelectorAll("nav").find((n) => nameOf(n, doc) === "Kruimelpad");
  if (!nav) return [];
  return nav
    .querySelectorAll("li")
    .slice(1)
    .map((li) => {
      const a = li.querySelector("a");
      return a ? `${textOf(a)} → ${a.getAttribute("href")}` : textOf(li);
    });
}

export interface Tab {
  name: string;
  disabled: boolean;
  /** Needs attention: the red '!' (named '(vraagt aandacht)'). */
  attention: boolean;
}

/** The id of the tab a link opens (`?tab=id`), or null. */
function tabOf(link: HTMLElement): string | null {
  const href = link.getAttribute("href") ?? "";
  return new URLSearchParams(href.split("#")[0].split("?")[1] ?? "").get("tab");
}

/** The tab bar of a page: a navigation whose links open the page with a tab (?tab=id). */
function tabBar(doc: HTMLElement): HTMLElement | undefined {
  return doc.querySelectorAll("nav").find((nav) => {
    const links = nav.querySelectorAll("a");
    return links.length > 0 && links.every((a) => tabOf(a) !== null);
  });
}

/** The tabs, in order, with whether each can be opened. */
export function tabs(page: string | HTMLElement): Tab[] {
  const doc = root(page);
  const bar = tabBar(doc);
  if (!bar) return [];
  return bar.querySelectorAll("li").map((li) => {
    const tab = li.querySelector("a") ?? li.firstElementChild!;
    const attention = tab.querySelectorAll("[aria-label]").some((el) => el.getAttribute("aria-label") === "(vraagt aandacht)");
    const name = textOf(tab).replace(/!$/, "").trim();
    return { name, disabled: tab.tagName !== "A" || tab.getAttribute("aria-disabled") === "true", attention };
  });
}

/** The names of the tabs that open. */
export function tabNames(page: string | HTMLElement): string[] {
  return tabs(page).filter((t) => !t.disabled).map((t) => t.name);
}

/** The names of the tabs shown but not yet available. */
export function disabledTabNames(page: string | HTMLElement): string[] {
  return tabs(page).filter((t) => t.disabled).map((t) => t.name);
}

/** The panel of a tab (a region named as the tab), as an element: only the open tab has one on the page. */
export function tabPanel(page: string | HTMLElement, name: string): HTMLElement | undefined {
  const doc = root(page);
  const bar = tabBar(doc);
  const link = bar?.querySelectorAll("a").find((a) => textOf(a).replace(/!$/, "").trim() === name);
  const id = link ? tabOf(link) : null;
  return id ? (byId(doc, id) ?? undefined) : undefined;
}

/** The panel of a tab by its id (its `?tab=`), as HTML: '' unless it is the open tab. */
export function tabPanelHtml(page: string | HTMLElement, id: string): string {
  const doc = root(page);
  const bar = tabBar(doc);
  const opens = bar?.querySelectorAll("a").some((a) => tabOf(a) === id);
  return opens ? (byId(doc, id)?.outerHTML ?? "") : "";
}

/** The open tab: the one marked as the current page in the tab bar. */
export function openTab(page: string | HTMLElement): string | null {
  const link = tabBar(root(page))?.querySelectorAll("a").find((a) => a.getAttribute("aria-current") === "page");
  return link ? textOf(link).replace(/!$/, "").trim() : null;
}

/**
 * The body rows of the (first, or given) table as the texts of their cells; parts only for screen
 * readers (e.g. a column name repeated in a cell) are left out, as a sighted reader sees it.
 */
export function tableRows(page: string | HTMLElement, table?: HTMLElement): string[][] {
  const t = table ?? root(page).querySelector("table");
  if (!t) return [];
  const body = t.querySelector("tbody") ?? t;
  return body.querySelectorAll("tr").map((tr) => tr.querySelectorAll("td").map((td) => textOf(td, { withHidden: false })));
}

/** The body rows of the (first, or given) table as elements. */
export function rowElements(page: string | HTMLElement, table?: HTMLElement): HTMLElement[] {
  const t = table ?? root(page).querySelector("table");
  return t ? (t.querySelector("tbody") ?? t).querySelectorAll("tr") : [];
}

/** The column headers of the (first, or given) table: name and sort state (aria-sort). */
export function columnHeaders(page: string | HTMLElement, table?: HTMLElement): { name: string; sort?: string; href?: string }[] {
  const t = table ?? root(page).querySelector("table");
  if (!t) return [];
  return t.querySelectorAll("th[scope=col]").map((th) => ({
    name: textOf(th),
    sort: th.getAttribute("aria-sort") ?? undefined,
    href: th.querySelector("a")?.getAttribute("href") ?? undefined,
  }));
}

/** The accessible names of the elements with an accessible name inside `scope` (images, icons, links, buttons). */
export function namesIn(scope: HTMLElement): string[] {
  return scope.querySelectorAll("[aria-label], img[alt], a, button").map((el) => nameOf(el));
}

/** The buttons of a page (or of an element) by accessible name. */
export function buttonNames(page: string | HTMLElement): string[] {
  const doc = root(page);
  return doc.querySelectorAll('button, input[type="submit"]').map((b) => nameOf(b));
}

/** The links of a page (or of an element): accessible name and href. */
export function links(page: string | HTMLElement): { name: string; href: string; el: HTMLElement }[] {
  return root(page)
    .querySelectorAll("a[href]")
    .map((a) => ({ name: nameOf(a), href: a.getAttribute("href")!, el: a }));
}

/** The one link named `name`; throws when there is none or more than one. */
export function linkByName(page: string | HTMLElement, name: string | RegExp): { name: string; href: string; el: HTMLElement } {
  const found = links(page).filter((l) => matches(l.name, name));
  if (found.length !== 1) throw new Error(`${found.length} links named ${String(name)}`);
  return found[0];
}

/** Whether there is a link named `name`. */
export function hasLink(page: string | HTMLElement, name: string | RegExp): boolean {
  return links(page).some((l) => matches(l.name, name));
}

/** The landmark or region named `name` (nav, section, form… with aria-label). */
export function region(page: string | HTMLElement, name: string): HTMLElement | undefined {
  const doc = root(page);
  return doc.querySelectorAll("[aria-label], [aria-labelledby]").find((el) => !/^(A|BUTTON|INPUT|SELECT|IMG|SPAN|SVG)$/.test(el.tagName) && nameOf(el, doc) === name);
}

/**
 * The sections of a page (or element) named by their heading (aria-labelledby), each with the
 * names of the items it lists (its level-3 headings).
 */
export function sections(page: string | HTMLElement): { name: string; items: string[]; el: HTMLElement }[] {
  const doc = root(page);
  const top = topOf(doc);
  return doc
    .querySelectorAll("section[aria-labelledby]")
    .map((el) => ({ name: nameOf(el, top), items: el.querySelectorAll("h3").map((h) => textOf(h)), el }));
}

/** The buttons that change an active or visible state (the status buttons), by name. */
export function statusButtons(page: string | HTMLElement): string[] {
  return buttonNames(page).filter((n) => ["Activeren", "Deactiveren", "Verbergen", "Zichtbaar maken"].includes(n));
}

/** The whole page's text as a person reads it (no markup, entities decoded, whitespace collapsed). */
export function pageText(page: string | HTMLElement): string {
  const doc = root(page);
  return textOf(doc.querySelector("body") ?? doc);
}

/** A post a page's form makes: where to (without #fragment), its fields as shown, whether it sends files. */
export interface PagePost {
  action: string;
  fields: Record<string, string>;
  multipart: boolean;
}

/**
 * What a browser posts of the fields in `container` (a form or part of one) as the page shows them:
 * each named field that is not disabled, a box only when checked, a select's chosen option; without
 * buttons and files. Each as [name, value, type].
 */
export function fieldsOf(container: HTMLElement): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const el of container.querySelectorAll("input, select, textarea")) {
    const name = el.getAttribute("name");
    const type = (el.getAttribute("type") ?? "text").toLowerCase();
    if (!name || el.hasAttribute("disabled") || ["submit", "button", "file", "image", "reset"].includes(type)) continue;
    if ((type === "checkbox" || type === "radio") && !el.hasAttribute("checked")) continue;
    const value =
      el.tagName === "SELECT" ? (el.querySelector("option[selected]")?.getAttribute("value") ?? "")
      : el.tagName === "TEXTAREA" ? el.text
      : (el.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
    out.push([name, value, type]);
  }
  return out;
}

/**
 * The posts the forms of a page make, one per submit button, with the values the page shows (its
 * checked boxes, selected options), each visible field's value passed through `change` (which may
 * return it as it is). A form without action posts to `path`.
 */
export function postsOn(page: string | HTMLElement, path: string, change: (name: string, value: string) => string = (_, value) => value): PagePost[] {
  const out: PagePost[] = [];
  for (const form of root(page).querySelectorAll("form")) {
    if ((form.getAttribute("method") ?? "get").toLowerCase() !== "post") continue;
    // A browser posts to the address without its fragment (a tab form returns to its tab: #aanbod).
    const action = (form.getAttribute("action") || path).split("#")[0];
    const fields = fieldsOf(form).map(([name, value, type]): [string, string] => [name, type === "hidden" ? value : change(name, value)]);
    const buttons = form.querySelectorAll("button, input[type=submit]").filter((b) => (b.getAttribute("type") ?? "submit") === "submit");
    for (const button of buttons.length ? buttons : [undefined]) {
      const body: Record<string, string> = Object.fromEntries(fields);
      const name = button?.getAttribute("name");
      if (name) body[name] = button!.getAttribute("value") ?? "";
      out.push({ action, fields: body, multipart: (form.getAttribute("enctype") ?? "").includes("multipart") });
    }
  }
  return out;
}
