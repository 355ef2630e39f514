import { describe, expect, it } from "vitest";
import { OversizedUpload, readFields, readForm } from "./form-body.server";

/** A multipart post as a browser sends it, streamed. */
function post(form: FormData): Request {
  return new Request("http://localhost/", { method: "POST", body: form });
}

describe("readForm", () => {
  it("gives the fields and files of a multipart post in their order", async () => {
    const sent = new FormData();
    sent.append("name", "Sportcentrum Één");
    sent.append("files", new File(["first"], "een.pdf", { type: "application/pdf" }));
    sent.append("note", "tussendoor");
    sent.append("files", new File(["second"], "twee.pdf", { type: "application/pdf" }));
    sent.append("empty", new File([], ""));
    sent.append("quoted", new File(["q"], '../"rapport".pdf'));
    const form = (await readForm(post(sent)))!;
    expect(form.get("name")).toBe("Sportcentrum Één");
    expect(form.get("note")).toBe("tussendoor");
    const files = form.getAll("files") as File[];
    expect(files.map((f) => f.name)).toEqual(["een.pdf", "twee.pdf"]);
    expect(await files[1].text()).toBe("second");
    expect(files[0].type).toBe("application/pdf");
    const empty = form.get("empty") as File;
    expect(empty.size).toBe(0);
    expect(empty.name).toBe("");
    expect((form.get("quoted") as File).name).toBe('"rapport".pdf');
  });

  it("keeps every text field when a file is over the limit, and marks that file as too large", async () => {
    const sent = new FormData();
    sent.append("name", "Getypt");
    sent.append("logo", new File([new Uint8Array(2048)], "groot.png", { type: "image/png" }));
    sent.append("city", "Zwolle");
    const form = (await readForm(post(sent), { fileBytes: 1024 }))!;
    expect(form.get("name")).toBe("Getypt");
    expect(form.get("city")).toBe("Zwolle");
    const logo = form.get("logo");
    expect(logo).toBeInstanceOf(OversizedUpload);
    expect((logo as OversizedUpload).together).toBe(false);
    expect((logo as File).size).toBeGreaterThan(1024);
    expect((logo as File).name).toBe("groot.png");
  });

  it("refuses a body beyond the body limit", async () => {
    const sent = new FormData();
    sent.append("a", new File([new Uint8Array(4096)], "a.pdf"));
    expect(await readForm(post(sent), { fileBytes: 8192, bodyBytes: 2048 })).toBeNull();
  });

  it("keeps files up to what may be kept together, and marks the one past it, keeping the fields", async () => {
    const sent = new FormData();
    for (const name of ["a", "b", "c"]) sent.append(name, new File([new Uint8Array(600)], `${name}.png`));
    sent.append("note", "getypt");
    const form = (await readForm(post(sent), { fileBytes: 1000, keptBytes: 1500 }))!;
    expect((form.get("a") as File).size).toBe(600);
    expect(form.get("b")).not.toBeInstanceOf(OversizedUpload);
    const third = form.get("c") as OversizedUpload;
    expect(third).toBeInstanceOf(OversizedUpload);
    expect(third.together).toBe(true);
    expect(third.size).toBe(600);
    expect(form.get("note")).toBe("getypt");
    const roomy = (await readForm(post(sent), { fileBytes: 1000, keptBytes: 1800 }))!;
    expect(roomy.get("c")).not.toBeInstanceOf(OversizedUpload);
  });

  it("refuses more files than allowed", async () => {
    const sent = new FormData();
    for (const name of ["a", "b", "c"]) sent.append(name, new File(["x"], `${name}.pdf`));
    expect(await readForm(post(sent), { files: 2 })).toBeNull();
  });

  it("reads a url-encoded post as usual", async () => {
    const request = new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ q: "a b", intent: "save" }) });
    const form = (await readForm(request))!;
    expect(form.get("q")).toBe("a b");
    expect(form.get("intent")).toBe("save");
  });

  it("refuses a file or too much text in a form without files", async () => {
    const withFile = new FormData();
    withFile.append("email", "lid@voorbeeld.nl");
    withFile.append("extra", new File(["x"], "x.pdf"));
    await expect(readFields(post(withFile))).rejects.toMatchObject({ init: { status: 413 } });
    const longText = new FormData();
    longText.append("text", "a".repeat(3 * 1024 * 1024));
    await expect(readFields(post(longText))).rejects.toMatchObject({ init: { status: 413 } });
    const fine = new FormData();
    fine.append("email", "lid@voorbeeld.nl");
    expect((await readFields(post(fine))).get("email")).toBe("lid@voorbeeld.nl");
  });

  it("leaves NUL characters out of names, values and file names, in both kinds of post", async () => {
    const encoded = new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ "na\u0000me": "De\u0000 Vaart", intent: "save" }) });
    const plain = (await readForm(encoded))!;
    expect([...plain.entries()]).toEqual([["name", "De Vaart"], ["intent", "save"]]);

    const sent = new FormData();
    sent.append("name", "Sport\u0000centrum");
    const multipart = (await readForm(post(sent)))!;
    expect(multipart.get("name")).toBe("Sportcentrum");

    // A file name as RFC 5987 writes it, where a NUL can be percent-encoded (no browser sends one).
    const boundary = "grens";
    const body = [`--${boundary}`, `Content-Disposition: form-data; name="logo"; filename*=utf-8''lo%00go.png`, "Content-Type: image/png", "", "png", `--${boundary}--`, ""].join("\r\n");
    const request = new Request("http://localhost/", { method: "POST", body, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } });
    expect(((await readForm(request))!.get("logo") as File).name).toBe("logo.png");
  });

  it("answers a multipart body that is not one with 400", async () => {
    const boundary = "grens";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\u0000\r\n\r\ninfo\r\n--${boundary}--\r\n`;
    const request = new Request("http://localhost/", { method: "POST", body, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } });
    await expect(readForm(request)).rejects.toMatchObject({ init: { status: 400 }, data: "Het formulier kon niet worden gelezen." });
  });
});
