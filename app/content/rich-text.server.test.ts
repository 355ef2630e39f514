import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./rich-text.server";

describe("sanitizeRichText", () => {
  it("keeps what the toolbar makes", () => {
    const html =
      '<h2 class="ql-align-center">Kop</h2><p><strong>vet</strong> <em>schuin</em> <u>onder</u></p>' +
      '<ol><li data-list="bullet">een</li></ol><ul><li>twee</li></ul>' +
      "<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>";
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("drops scripts, event handlers, styles and dangerous links", () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script></p><style>p{}</style>')).toBe("<p>a</p>");
    expect(sanitizeRichText('<img src="x" onerror="alert(1)"><p onclick="x()" style="color:red">b</p>')).toBe("<p>b</p>");
    expect(sanitizeRichText('<a href="javascript:alert(1)">c</a>')).toBe("<a>c</a>");
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">c</a>')).toBe("<a>c</a>");
    expect(sanitizeRichText('<a href="data:text/html,x">c</a>')).toBe("<a>c</a>");
    expect(sanitizeRichText('<iframe src="https://x.nl"></iframe><p class="evil ql-align-right">d</p>')).toBe(
      '<p class="ql-align-right">d</p>',
    );
    expect(sanitizeRichText("<svg><a xlink:href=\"javascript:x\">e</a></svg>")).toBe("<a>e</a>");
  });

  it("opens external links in a new window and keeps placeholders and local links as they are", () => {
    expect(sanitizeRichText('<a href="https://fitned.nl" target="_self">f</a>')).toBe(
      '<a href="https://fitned.nl" target="_blank" rel="noopener noreferrer">f</a>',
    );
    expect(sanitizeRichText('<a href="{{link}}">{{link}}</a>')).toBe('<a href="{{link}}">{{link}}</a>');
    expect(sanitizeRichText('<a href="/downloads" rel="x">g</a>')).toBe('<a href="/downloads">g</a>');
    expect(sanitizeRichText('<a href="mailto:info@voorbeeld.nl">h</a>')).toBe('<a href="mailto:info@voorbeeld.nl">h</a>');
  });

  it("turns the editor's non-breaking spaces into spaces and an empty editor into nothing", () => {
    expect(sanitizeRichText("<p>Beste&nbsp;{{name}},</p>")).toBe("<p>Beste {{name}},</p>");
    expect(sanitizeRichText("<p><br></p>")).toBe("");
    expect(sanitizeRichText("  ")).toBe("");
    expect(sanitizeRichText("platte tekst")).toBe("platte tekst");
  });
});
