import type { Download } from "@playwright/test";
import { expect, hydrated, screen, signIn, test } from "./support";

// The export page: each button opens its CSV file in a new window, which the browser downloads.
test.describe("establishment exports", () => {
  test("an admin downloads the three CSV files", async ({ page, js }) => {
    await signIn(page, js, "beheer@voorbeeld.nl");
    await page.goto("/vestigingen/export");
    await hydrated(page, js);
    await expect(page.getByRole("heading", { name: "Export", level: 1 })).toBeVisible();
    if (js) await screen(page, "h2-enterprise-export");

    const files = [
      { button: "Interesse-registraties scholingscampagne", name: /^scholingscampagne-interesse-\d{4}-\d{2}-\d{2}\.csv$/, header: "Lidnummer;Naam vestiging;Lidmaatschap;Plaats" },
      { button: "Alle aanmeldingen scholingscampagne", name: /^scholingscampagne-aanmeldingen-\d{4}-\d{2}-\d{2}\.csv$/, header: "Lidnummer;Naam vestiging;Lidmaatschap;Deelnemer" },
      { button: "Vestigingen", name: /^vestigingen-\d{4}-\d{2}-\d{2}\.csv$/, header: "Lidnummer;Naam vestiging;Lidmaatschap;Niet-lid" },
    ];
    for (const file of files) {
      const link = page.getByRole("main").getByRole("region").getByRole("link", { name: file.button, exact: true });
      await expect(link).toHaveAttribute("target", "_blank");
      // The new window answers with an attachment: the browser saves it and the window closes.
      const download = new Promise<Download>((resolve) => {
        page.once("download", resolve);
        page.context().once("page", (popup) => popup.once("download", resolve));
      });
      await link.click();
      const saved = await download;
      expect(saved.suggestedFilename()).toMatch(file.name);
      const bytes = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        saved
          .createReadStream()
          .then((stream) => {
            stream.on("data", (c: Buffer) => chunks.push(c));
            stream.on("end", () => resolve(Buffer.concat(chunks)));
            stream.on("error", reject);
          })
          .catch(reject);
      });
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.subarray(3).toString("utf8").startsWith(file.header)).toBe(true);
      // The export page itself stays where it was.
      await expect(page).toHaveURL(/\/vestigingen\/export$/);
    }
  });
});
