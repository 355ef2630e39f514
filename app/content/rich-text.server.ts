import sanitizeHtml from "sanitize-html";

/**
 * The one allowlist of rich text (DESIGN.md §9): what the editor's toolbar can produce (headings,
 * bold, italic, underline, alignment, links, lists, tables) and nothing else. Every rich-text value
 * is cleaned with it before it is stored and again before it is shown, so a value that reached the
 * database some other way is harmless too.
 */
const ALIGNMENTS = ["ql-align-center", "ql-align-right", "ql-align-justify"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "h4", "strong", "em", "u", "a", "ol", "ul", "li", "table", "thead", "tbody", "tr", "th", "td"],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    li: ["data-list"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedClasses: { p: ALIGNMENTS, h2: ALIGNMENTS, h3: ALIGNMENTS, h4: ALIGNMENTS, li: ALIGNMENTS, td: ALIGNMENTS, th: ALIGNMENTS },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Unknown elements go, their text stays; the content of these goes with them.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "noscript", "title", "iframe", "object", "template"],
  transformTags: {
    b: "strong",
    i: "em",
    h1: "h2",
    h5: "h4",
    h6: "h4",
    div: "p",
    a: (tagName, attribs) => {
      const { href } = attribs;
      const kept: sanitizeHtml.Attributes = {};
      if (href !== undefined) kept.href = href;
      // Links to another site open in a new window, without access to this one (part 2 §9).
      if (href !== undefined && /^https?:\/\//i.test(href)) Object.assign(kept, { target: "_blank", rel: "noopener noreferrer" });
      return { tagName, attribs: kept };
    },
  },
};

/**
 * Rich text as the portal stores and shows it. Quill 2.0.3 writes every space as `&nbsp;`
 * (quill#4509); those become plain spaces so that text wraps and mails read normally.
 */
export function sanitizeRichText(html: string): string {
  const spaced = html.replace(/&nbsp;|\u00a0/g, " ");
  const clean = sanitizeHtml(spaced, OPTIONS).trim();
  // An editor left empty still sends an empty paragraph.
  return /^(<p>(\s|<br\s*\/?>)*<\/p>)*$/.test(clean) ? "" : clean;
}
