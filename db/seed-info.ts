import { storeFile } from "../app/lib/files.server";
import { nowIso, type DB } from "../app/lib/db.server";
import { demoImage } from "./seed-catalogues";

const week = (from: string, till: string, weekend: { from: string; till: string } | null) => ({
  mo: { from1: from, till1: till },
  tu: { from1: from, till1: till },
  we: { from1: from, till1: till, from2: "19:00", till2: "22:30" },
  th: { from1: from, till1: till },
  fr: { from1: from, till1: till },
  sa: weekend ? { from1: weekend.from, till1: weekend.till } : { closed: true },
  su: weekend ? { from1: weekend.from, till1: weekend.till } : { closed: true },
});

/**
 * Tab Info & Media of the demo establishments: De Vaart Centrum with everything (logo, header,
 * images, social media, opening hours, subscriptions, videos), De Vaart Noord with text and hours,
 * and the associate membership's Buurtsport Oost with what an associate has (text, header, hours).
 */
export async function seedDemoInfo(db: DB, ids: { full: number; partial: number; associate: number }): Promise<void> {
  const now = nowIso();
  const image = async (enterpriseId: number, name: string, hue: number) =>
    storeFile(db, await demoImage(name, hue), "image/png", `${name.toLowerCase().replace(/\W+/g, "-")}.png`, { purpose: "enterprise_image", ownerId: enterpriseId });

  await db
    .insertInto("enterprise_info")
    .values({
      enterprise_id: ids.full,
      info_text: "<h2>Welkom bij De Vaart Centrum</h2><p>Sporten midden in de stad, met <strong>persoonlijke begeleiding</strong> en ruim dertig groepslessen per week.</p>",
      logo_file_id: await image(ids.full, "De Vaart", 205),
      header_file_id: await image(ids.full, "Sportcentrum De Vaart Centrum", 160),
      social_links: JSON.stringify([
        { platform: "instagram", link: "https://www.instagram.com/devaartcentrum" },
        { platform: "facebook", link: "https://www.facebook.com/devaartcentrum" },
      ]),
      open_hours: JSON.stringify({ open247: false, notes: "Op feestdagen gelden aangepaste tijden.", days: week("07:00", "13:00", { from: "09:00", till: "17:00" }) }),
      subscription: JSON.stringify({
        unlimitedPrice: 4995,
        unlimitedPer: "four_weeks",
        unlimitedPerOther: "",
        cheapestPrice: 2450,
        cheapestPer: "month",
        cheapestPerOther: "",
        additionalCosts: "Eenmalig € 25,00 inschrijfgeld",
        notes: "Studenten krijgen 10% korting.",
      }),
      video_links: JSON.stringify(["https://www.youtube.com/watch?v=devaart-rondleiding"]),
      modified: now,
    })
    .execute();
  let position = 0;
  for (const [name, hue] of [["Fitnesszaal", 20], ["Groepsles", 280]] as const) {
    await db.insertInto("enterprise_images").values({ enterprise_id: ids.full, file_id: await image(ids.full, name, hue), position: position++ }).execute();
  }

  await db
    .insertInto("enterprise_info")
    .values({
      enterprise_id: ids.partial,
      info_text: "<p>De Vaart Noord: fitness en spinning aan het IJ.</p>",
      open_hours: JSON.stringify({ open247: false, notes: "", days: week("06:30", "22:00", null) }),
      modified: now,
    })
    .execute();

  await db
    .insertInto("enterprise_info")
    .values({
      enterprise_id: ids.associate,
      info_text: "<p>Buurtsport voor jong en oud in Utrecht-Oost.</p>",
      header_file_id: await image(ids.associate, "Buurtsport Oost", 100),
      open_hours: JSON.stringify({ open247: false, notes: "Alleen op afspraak in de schoolvakanties.", days: week("09:00", "21:00", { from: "10:00", till: "14:00" }) }),
      modified: now,
    })
    .execute();
}
