import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { Client, parsePage } from "./support";

/** The web app manifest and its icons (part 1 §1: installable as an app). */
describe("installable app", () => {
  it("the pages link a manifest with a Dutch name, theme colour, start URL and the icons browsers require", async () => {
    const client = new Client();
    const { html } = await client.page("/");
    const head = parsePage(html);
    expect(head.querySelector('link[rel="manifest"]')?.getAttribute("href")).toBe("/manifest.webmanifest");
    expect(head.querySelector('link[rel="apple-touch-icon"]')?.getAttribute("href")).toBe("/icons/apple-touch-icon.png");

    const res = await client.get("/manifest.webmanifest");
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: "Ledenportaal", short_name: "Ledenportaal", lang: "nl", start_url: "/", scope: "/", display: "standalone", theme_color: "#0b5394" });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const png = (purpose: string, size: number) => manifest.icons.find((i) => i.type === "image/png" && i.purpose === purpose && i.sizes === `${size}x${size}`);
    for (const [purpose, size] of [["any", 192], ["any", 512], ["maskable", 192], ["maskable", 512]] as const) {
      const icon = png(purpose, size);
      expect(icon, `${purpose} ${size}`).toBeDefined();
      // Each icon is a real PNG of the size it claims.
      const file = await client.get(icon!.src);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/png");
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", size, size]);
    }
    const touch = await sharp(Buffer.from(await (await client.get("/icons/apple-touch-icon.png")).arrayBuffer())).metadata();
    expect([touch.width, touch.height]).toEqual([180, 180]);
  });

  it("/online answers without being stored, for the offline marker's check", async () => {
    const res = await new Client().get("/online");
    expect(res.status).toBe(204);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
