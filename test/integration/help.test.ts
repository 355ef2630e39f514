import { describe, expect, it } from "vitest";
import { getDb, heading, parsePage, sessionFor } from "./support";

async function helpText(): Promise<string> {
  return (await getDb().selectFrom("texts").select("content").where("ref", "=", "page_help").executeTakeFirstOrThrow()).content;
}

describe("Help", () => {
  it("shows the text page_help as it is stored, and what an admin changes in it", async () => {
    const member = await sessionFor("lid@voorbeeld.nl");
    const before = await helpText();
    const { html } = await member.page("/help");
    expect(heading(html)).toBe("Help");
    expect(parsePage(html).querySelector("main .rich-text")?.innerHTML).toBe(before);

    try {
      await getDb()
        .updateTable("texts")
        .set({ content: '<h2>Vragen</h2><p>Bel ons.</p><script>alert(1)</script><img src="x" onerror="alert(2)">' })
        .where("ref", "=", "page_help")
        .execute();
      const changed = parsePage((await member.page("/help")).html).querySelector("main .rich-text")?.innerHTML;
      // Stored rich text is shown through the same allowlist as it is saved with.
      expect(changed).toBe("<h2>Vragen</h2><p>Bel ons.</p>");
    } finally {
      await getDb().updateTable("texts").set({ content: before }).where("ref", "=", "page_help").execute();
    }
  });

  it("is in the menu of those who may open it", async () => {
    const member = parsePage((await (await sessionFor("lid@voorbeeld.nl")).page("/")).html);
    expect(member.querySelector('nav a[href="/help"]')).not.toBeNull();
    const associate = parsePage((await (await sessionFor("nietlid@voorbeeld.nl")).page("/")).html);
    expect(associate.querySelector('nav a[href="/help"]')).toBeNull();
  });
});
