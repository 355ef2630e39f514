import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { insertManagedEnterprise, insertUser } from "../fixtures";
import { Client, fileExists, control, fieldError, getDb, notificationIn, sessionFor, tabPanel, tabs, textOf } from "./support";

/**
 * Tab Keuring of an establishment (part 1 §2 "Keuring (inspection) form", §4, §5 "Inspection"):
 * the nine flags in two pillars, the two save modes with the red notice and the '!', the log, the
 * RIE rules, uploads checked by content, refused posts, and the permission-checked downloads.
 */
const tag = `Keuring${process.pid}${Date.now().toString(36)}`;
const NOTICE = "Uw wijzigingen zijn tussentijds opgeslagen en nog niet doorgegeven. Kies ‘Opslaan en verzenden’ om ze door te geven.";
const SAVED = "Keuring tussentijds opgeslagen.";
const SENT = "Keuring opgeslagen en doorgegeven.";
const REQUIRED = "Dit is een verplicht veld";
const RIE = "RI&E (risico-inventarisatie en -evaluatie) aanwezig";
const FLAG_LABELS = [
  RIE,
  "Dopingconvenant ondertekend",
  "Zonnebank: klanten krijgen instructie over veilig gebruik",
  "Zonnebank: voldoet aan de geldende richtlijnen",
  "AVG: leden worden geïnformeerd over wat er met hun gegevens gebeurt",
  "AVG: leden kunnen hun gegevens laten inzien, wijzigen en verwijderen",
  "Verzekering wettelijke aansprakelijkheid (WA) afgesloten",
  "Verzekering tegen ziekteverzuim afgesloten",
  "Arbeidsongeschiktheidsverzekering (AOV) afgesloten",
];

const PDF = Buffer.from("%PDF-1.4\n% een rapport\n");
const PNG = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0a0" } }).png().toBuffer();
const EXE = Buffer.from("MZ\x90\x00 geen document");

/** The tab's id: its `?tab=`, and the hash of its panel. */
const TAB = "keuring";
/** A page of an establishment, with one of its tabs open when `tab` is given. */
const withTab = (path: string, tab?: string) => (tab ? `${path}?tab=${tab}` : path);
const editPath = (id: number, tab?: string) => withTab(`/vestigingen/bewerken/${id}`, tab);
const ownPath = (id: number, tab?: string) => withTab(`/mijn-vestigingen/bewerken/${id}`, tab);
const filePath = (id: number, slug: string) => `${editPath(id)}/keuring/${slug}`;

const attention = (html: string) => tabs(html).find((t) => t.name === "Keuring")?.attention;
const panelText = (html: string) => textOf(tabPanel(html, "Keuring"));

type Upload = { name: string; bytes: Buffer; type: string };

/** The Keuring form as a browser posts it. */
function post(intent: "inspection" | "inspection-finalize", fields: Record<string, string>, files: Partial<Record<"inspectionRieRapport" | "inspectionRiePva", Upload>> = {}) {
  const body = new FormData();
  body.set("intent", intent);
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const name of ["inspectionRieRapport", "inspectionRiePva"] as const) {
    const file = files[name];
    body.set(name, file ? new Blob([new Uint8Array(file.bytes)], { type: file.type }) : new Blob([]), file?.name ?? "");
  }
  return body;
}

async function stored(enterpriseId: number) {
  return getDb().selectFrom("enterprise_inspections").selectAll().where("enterprise_id", "=", enterpriseId).executeTakeFirst();
}

async function logRows(enterpriseId: number) {
  return getDb()
    .selectFrom("enterprise_log")
    .select(["form", "finalize", "user_id", "imitating"])
    .where("enterprise_id", "=", enterpriseId)
    .orderBy("id")
    .execute();
}

/** A membership with one establishment and its manager member. */
const fixture = ({ associate = false } = {}) =>
  insertManagedEnterprise(getDb(), { associate, name: `Vestiging ${tag}`, manager: { givenName: "Kees", familyName: `Keurder${tag}` } });

const demoEnterprise = (name: string) => getDb().selectFrom("enterprises").select(["id", "member_id"]).where("name", "=", name).executeTakeFirstOrThrow();

const RIE_COMPLETE = { rie: "on", rieRapportDate: "2026-03-01", riePvaDate: "2026-03-15" };
const FILES = {
  inspectionRieRapport: { name: "rapport.pdf", bytes: PDF, type: "application/pdf" },
  inspectionRiePva: { name: "plan.png", bytes: PNG, type: "image/png" },
};

let admin: Client;
beforeAll(async () => {
  admin = await sessionFor("beheer@voorbeeld.nl");
});

describe("tab Keuring", () => {
  it("sits after Licenties in every context, with the flags in two pillars and its three buttons; the demo's interim changes show the notice and the '!'", async () => {
    const noord = await demoEnterprise("Sportcentrum De Vaart Noord");
    const pages: [string, string][] = [
      ["beheer@voorbeeld.nl", editPath(noord.id, TAB)],
      ["beheer@voorbeeld.nl", withTab(`/lidmaatschappen/bewerken/${noord.member_id}/vestiging/${noord.id}`, TAB)],
      ["lid@voorbeeld.nl", ownPath(noord.id, TAB)],
      ["vestiging@voorbeeld.nl", withTab("/mijn-vestiging", TAB)],
    ];
    for (const [persona, path] of pages) {
      const client = persona === "beheer@voorbeeld.nl" ? admin : await sessionFor(persona);
      const { res, html } = await client.page(path);
      expect(res.status, path).toBe(200);
      const names = tabs(html).map((t) => t.name);
      expect(names.indexOf("Keuring"), path).toBe(names.indexOf("Licenties") + 1);
      expect(attention(html), path).toBe(true);
      const panel = tabPanel(html, "Keuring")!;
      expect(textOf(panel)).toContain(NOTICE);
      const legends = panel.querySelectorAll("legend").map((l) => textOf(l));
      expect(legends).toEqual(expect.arrayContaining(["Pijler 1: Wet- en regelgeving", "Pijler 2: Het register"]));
      for (const label of FLAG_LABELS) expect(control(panel, label).getAttribute("type")).toBe("checkbox");
      expect(control(panel, "Dopingconvenant ondertekend").hasAttribute("checked")).toBe(true);
      const buttons = panel.querySelectorAll("button:not([aria-hidden])").map((b) => textOf(b));
      expect(buttons).toEqual(["Opslaan", "Opslaan en verzenden"]);
      expect(textOf(panel)).toContain("Annuleren");
    }
  });

  it("has the demo's saves in the Logboek: De Vaart Centrum's passed on, De Vaart Noord's in between", async () => {
    const centrum = await demoEnterprise("Sportcentrum De Vaart Centrum");
    const noord = await demoEnterprise("Sportcentrum De Vaart Noord");
    const actions = async (id: number) => textOf(tabPanel((await admin.page(editPath(id, "logboek"))).html, "Logboek")!);
    expect(await actions(centrum.id)).toContain("Tab Keuring gewijzigd en doorgegeven");
    expect(await actions(noord.id)).toMatch(/Tab Keuring gewijzigd(?! en doorgegeven)/);
  });

  it("is hidden for an associate membership, whose posts to it are refused, and disabled on the add page", async () => {
    const associate = await sessionFor("nietlid@voorbeeld.nl");
    const { html } = await associate.page("/mijn-vestiging");
    expect(tabs(html).map((t) => t.name)).not.toContain("Keuring");
    const { enterpriseId, manager } = await fixture({ associate: true });
    const client = await sessionFor(manager.email);
    const res = await client.post(ownPath(enterpriseId), post("inspection-finalize", { dopingconvenant: "on" }));
    expect(res.status).toBe(400);
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await logRows(enterpriseId)).toEqual([]);
    const add = (await admin.page("/vestigingen/toevoegen")).html;
    expect(tabs(add).find((t) => t.name === "Keuring")).toMatchObject({ disabled: true });
  });

  it("Opslaan stores the change as interim with the notice and the '!'; 'Opslaan en verzenden' passes it on, clears both and logs ' en doorgegeven'", async () => {
    const { enterpriseId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);
    const first = (await client.page(path)).html;
    expect(attention(first)).toBe(false);
    expect(panelText(first)).not.toContain(NOTICE);

    const saved = await client.submit(path, post("inspection", { dopingconvenant: "on", verzekeringAov: "on", comment: "  Nog na te kijken  " }));
    expect(saved.status).toBe(302);
    expect(saved.url).toBe(`${ownPath(enterpriseId)}?tab=keuring#keuring`);
    expect(notificationIn(saved.html)).toBe(SAVED);
    expect(attention(saved.html)).toBe(true);
    expect(panelText(saved.html)).toContain(NOTICE);
    expect(control(tabPanel(saved.html, "Keuring")!, "Dopingconvenant ondertekend").hasAttribute("checked")).toBe(true);
    expect(await stored(enterpriseId)).toMatchObject({ dopingconvenant: 1, verzekering_aov: 1, verzekering_wa: 0, comment: "Nog na te kijken", dirty: 1 });
    expect(await logRows(enterpriseId)).toEqual([{ form: "inspection", finalize: 0, user_id: manager.id, imitating: 0 }]);

    const sent = await client.submit(path, post("inspection-finalize", { dopingconvenant: "on" }));
    expect(notificationIn(sent.html)).toBe(SENT);
    expect(attention(sent.html)).toBe(false);
    expect(panelText(sent.html)).not.toContain(NOTICE);
    expect(await stored(enterpriseId)).toMatchObject({ dopingconvenant: 1, verzekering_aov: 0, comment: "", dirty: 0 });
    expect((await logRows(enterpriseId)).map((r) => r.finalize)).toEqual([0, 1]);
    const log = textOf(tabPanel((await client.page(ownPath(enterpriseId, "logboek"))).html, "Logboek"));
    expect(log).toContain("Tab Keuring gewijzigd en doorgegeven");
    expect(log).toContain("Tab Keuring gewijzigd");
  });

  it("with RIE ticked requires both dates and both files, keeping everything typed; then stores the files, which only who may change the establishment downloads", async () => {
    const { enterpriseId, memberId, manager } = await fixture();
    const client = await sessionFor(manager.email);
    const path = ownPath(enterpriseId, TAB);
    const refused = await client.submit(path, post("inspection", { rie: "on", dopingconvenant: "on", comment: "Getypt", rieRapportDate: "2026-03-01" }));
    expect(refused.status).toBe(400);
    const panel = tabPanel(refused.html, "Keuring")!;
    expect(fieldError(panel, "Datum plan van aanpak")).toBe(REQUIRED);
    expect(fieldError(panel, "Datum RI&E-rapport")).toBeUndefined();
    expect(fieldError(panel, "RI&E-rapport")).toBe(REQUIRED);
    expect(fieldError(panel, "Plan van aanpak (RI&E)")).toBe(REQUIRED);
    expect(control(panel, "Datum RI&E-rapport").getAttribute("value")).toBe("2026-03-01");
    expect(control(panel, "Dopingconvenant ondertekend").hasAttribute("checked")).toBe(true);
    expect(textOf(control(panel, "Opmerking"))).toBe("Getypt");
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await logRows(enterpriseId)).toEqual([]);

    const saved = await client.submit(path, post("inspection-finalize", RIE_COMPLETE, FILES));
    expect(notificationIn(saved.html)).toBe(SENT);
    const row = (await stored(enterpriseId))!;
    expect(row).toMatchObject({ rie: 1, rie_rapport_date: "2026-03-01", rie_pva_date: "2026-03-15", dirty: 0 });
    expect(await fileExists(row.rie_rapport_file_id)).toBe(true);
    expect(await fileExists(row.rie_pva_file_id)).toBe(true);
    expect(saved.html).toContain(`href="${filePath(enterpriseId, "rie-rapport")}"`);

    // Two files of 6 MB each: together over one upload's 10 MB, each within it; the page takes both.
    const six = (bytes: Buffer) => Buffer.concat([bytes, Buffer.alloc(6 * 1024 * 1024 - bytes.length)]);
    const big = await client.submit(
      path,
      post("inspection", RIE_COMPLETE, {
        inspectionRieRapport: { name: "groot-rapport.pdf", bytes: six(PDF), type: "application/pdf" },
        inspectionRiePva: { name: "groot-plan.pdf", bytes: six(PDF), type: "application/pdf" },
      }),
    );
    expect(notificationIn(big.html)).toBe(SAVED);
    const bigRow = (await stored(enterpriseId))!;
    expect(bigRow.rie_rapport_file_id).not.toBe(row.rie_rapport_file_id);
    expect(await fileExists(row.rie_rapport_file_id)).toBe(false);

    // A save with the files stored needs no new ones.
    const again = await client.submit(path, post("inspection", RIE_COMPLETE));
    expect(notificationIn(again.html)).toBe(SAVED);
    expect((await stored(enterpriseId))!.rie_rapport_file_id).toBe(bigRow.rie_rapport_file_id);

    const download = await client.get(filePath(enterpriseId, "rie-rapport"));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await download.arrayBuffer()).equals(six(PDF))).toBe(true);
    expect((await admin.get(filePath(enterpriseId, "rie-plan-van-aanpak"))).status).toBe(200);
    expect((await admin.get(filePath(enterpriseId, "iets-anders"))).status).toBe(404);
    const outsider = await sessionFor((await fixture()).manager.email);
    const refusedDownload = await outsider.get(filePath(enterpriseId, "rie-rapport"));
    expect(refusedDownload.status).toBe(302);
    expect(refusedDownload.headers.get("location")).toBe("/");
    // A contact person sees the Keuring read-only, without the downloads.
    const db = getDb();
    const contact = await insertUser(db, { memberId });
    await db.insertInto("enterprise_contacts").values({ enterprise_id: enterpriseId, user_id: contact.id }).execute();
    const contactClient = await sessionFor(contact.email);
    const { html } = await contactClient.page(withTab("/mijn-vestiging", TAB));
    const contactPanel = tabPanel(html, "Keuring")!;
    expect(contactPanel.querySelector("form")).toBeNull();
    expect(textOf(contactPanel)).toContain("rapport.pdf");
    expect(html).not.toContain(filePath(enterpriseId, "rie-rapport"));
    expect((await contactClient.get(filePath(enterpriseId, "rie-rapport"))).status).toBe(302);
    const contactPost = await contactClient.post("/mijn-vestiging", post("inspection", {}));
    expect(contactPost.headers.get("location")).toBe("/");
    expect((await stored(enterpriseId))!.rie).toBe(1);
  });

  it("unticking RIE removes both files and clears both dates", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId);
    await admin.submit(path, post("inspection", RIE_COMPLETE, FILES));
    const before = (await stored(enterpriseId))!;
    expect(await fileExists(before.rie_pva_file_id)).toBe(true);
    const saved = await admin.submit(path, post("inspection", { rieRapportDate: "2026-03-01", riePvaDate: "2026-03-15", verzekeringWa: "on" }, FILES));
    expect(notificationIn(saved.html)).toBe(SAVED);
    const after = (await stored(enterpriseId))!;
    expect(after).toMatchObject({ rie: 0, rie_rapport_date: null, rie_pva_date: null, rie_rapport_file_id: null, rie_pva_file_id: null, verzekering_wa: 1 });
    expect(await fileExists(before.rie_rapport_file_id)).toBe(false);
    expect(await fileExists(before.rie_pva_file_id)).toBe(false);
    expect((await admin.get(filePath(enterpriseId, "rie-rapport"))).status).toBe(404);
  });

  it("refuses an upload that is no pdf, jpg or png by its content, keeping everything else typed and the stored files", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId, TAB);
    await admin.submit(path, post("inspection-finalize", RIE_COMPLETE, FILES));
    const before = (await stored(enterpriseId))!;
    const res = await admin.submit(
      path,
      post("inspection", { ...RIE_COMPLETE, riePvaDate: "2026-04-01", avgWijziging: "on", comment: "Nieuw plan" }, {
        inspectionRiePva: { name: "plan.pdf", bytes: EXE, type: "application/pdf" },
      }),
    );
    expect(res.status).toBe(400);
    const panel = tabPanel(res.html, "Keuring")!;
    expect(fieldError(panel, "Plan van aanpak (RI&E)")).toBe("Dit bestandstype is niet toegestaan. Toegestaan: jpg, png, pdf.");
    expect(control(panel, "Datum plan van aanpak").getAttribute("value")).toBe("2026-04-01");
    expect(control(panel, "AVG: leden kunnen hun gegevens laten inzien, wijzigen en verwijderen").hasAttribute("checked")).toBe(true);
    expect(textOf(control(panel, "Opmerking"))).toBe("Nieuw plan");
    expect(await stored(enterpriseId)).toEqual(before);
    expect(await logRows(enterpriseId)).toHaveLength(1);
  });

  it("replaces a stored file with a new one and deletes the old", async () => {
    const { enterpriseId } = await fixture();
    const path = editPath(enterpriseId, TAB);
    await admin.submit(path, post("inspection", RIE_COMPLETE, FILES));
    const before = (await stored(enterpriseId))!;
    await admin.submit(path, post("inspection", RIE_COMPLETE, { inspectionRieRapport: { name: "nieuw.png", bytes: PNG, type: "image/png" } }));
    const after = (await stored(enterpriseId))!;
    expect(after.rie_rapport_file_id).not.toBe(before.rie_rapport_file_id);
    expect(after.rie_pva_file_id).toBe(before.rie_pva_file_id);
    expect(await fileExists(before.rie_rapport_file_id)).toBe(false);
    // Marked for removal without a new one, while RIE stays ticked: required again.
    const refused = await admin.submit(path, post("inspection", { ...RIE_COMPLETE, inspectionRiePvaRemove: "on" }));
    expect(refused.status).toBe(400);
    expect(fieldError(tabPanel(refused.html, "Keuring")!, "Plan van aanpak (RI&E)")).toBe(REQUIRED);
  });

  it("changes nothing on a forged post for another establishment", async () => {
    const { enterpriseId } = await fixture();
    const other = await fixture();
    const intruder = await sessionFor(other.manager.email);
    for (const path of [ownPath(enterpriseId), editPath(enterpriseId)]) {
      const res = await intruder.post(path, post("inspection-finalize", { dopingconvenant: "on" }));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    const res = await admin.post(`/lidmaatschappen/bewerken/${other.memberId}/vestiging/${enterpriseId}`, post("inspection", { dopingconvenant: "on" }));
    expect(res.status).toBe(404);
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await stored(other.enterpriseId)).toBeUndefined();
    expect(await logRows(enterpriseId)).toEqual([]);
  });

  it("logs a save while a super admin imitates the member with the imitation flag", async () => {
    const { enterpriseId, manager } = await fixture();
    const superAdmin = await sessionFor("superbeheer@voorbeeld.nl");
    expect((await superAdmin.submit("/imitate", { intent: "start", userId: String(manager.id) })).status).toBe(302);
    const result = await superAdmin.submit(ownPath(enterpriseId, TAB), post("inspection-finalize", { verzekeringZiekte: "on" }));
    expect(notificationIn(result.html)).toBe(SENT);
    expect(await logRows(enterpriseId)).toEqual([{ form: "inspection", finalize: 1, user_id: manager.id, imitating: 1 }]);
    expect(textOf(tabPanel((await superAdmin.page(ownPath(enterpriseId, "logboek"))).html, "Logboek"))).toContain(`Beheerder namens Kees Keurder${tag}`);
  });

  it("deletes the RIE files with the establishment", async () => {
    const { enterpriseId } = await fixture();
    await admin.submit(editPath(enterpriseId), post("inspection", RIE_COMPLETE, FILES));
    const row = (await stored(enterpriseId))!;
    const res = await admin.post(`/vestigingen/verwijderen/${enterpriseId}`, {});
    expect(res.status).toBeLessThan(400);
    expect(await stored(enterpriseId)).toBeUndefined();
    expect(await fileExists(row.rie_rapport_file_id)).toBe(false);
    expect(await fileExists(row.rie_pva_file_id)).toBe(false);
  });
});
