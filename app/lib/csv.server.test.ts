import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine, csvResponse, csvStream, fileDate, keysetBatches, type CsvColumn } from "./csv.server";

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  // Keep the BOM: Response.text() would strip it.
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("csvCell", () => {
  it("leaves plain text and numbers as they are", () => {
    expect(csvCell("Sportcentrum De Vaart")).toBe("Sportcentrum De Vaart");
    expect(csvCell(1234)).toBe("1234");
    expect(csvCell("12-14")).toBe("12-14");
  });

  it("writes empty for null and undefined, Ja/Nee for booleans", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("Ja");
    expect(csvCell(false)).toBe("Nee");
  });

  it("quotes fields with a semicolon, quote, CR or LF and doubles quotes", () => {
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('Fit "Plus"')).toBe('"Fit ""Plus"""');
    expect(csvCell("regel 1\nregel 2")).toBe('"regel 1\nregel 2"');
    expect(csvCell("a\rb")).toBe('"a\rb"');
    expect(csvCell("a,b")).toBe("a,b");
  });

  it("neutralises cells a spreadsheet would take for a formula", () => {
    expect(csvCell("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvCell("+31 20 123")).toBe("'+31 20 123");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe("-1");
  });
});

describe("csvLine", () => {
  it("separates with semicolons and ends with CRLF", () => {
    expect(csvLine(["a", 1, null, "b;c"])).toBe('a;1;;"b;c"\r\n');
  });
});

describe("keysetBatches", () => {
  it("reads by id after the last one seen until a short batch", async () => {
    const ids = Array.from({ length: 12 }, (_, i) => ({ id: (i + 1) * 10 }));
    const calls: [number, number][] = [];
    const batches: number[][] = [];
    for await (const batch of keysetBatches(async (afterId, limit) => {
      calls.push([afterId, limit]);
      return ids.filter((r) => r.id > afterId).slice(0, limit);
    }, 5)) {
      batches.push(batch.map((r) => r.id));
    }
    expect(calls).toEqual([
      [0, 5],
      [50, 5],
      [100, 5],
    ]);
    expect(batches).toEqual([[10, 20, 30, 40, 50], [60, 70, 80, 90, 100], [110, 120]]);
  });

  it("asks once more after a full last batch and yields nothing empty", async () => {
    const batches: unknown[] = [];
    let calls = 0;
    for await (const batch of keysetBatches(async (afterId) => {
      calls += 1;
      return afterId === 0 ? [{ id: 1 }, { id: 2 }] : [];
    }, 2)) {
      batches.push(batch);
    }
    expect(calls).toBe(2);
    expect(batches).toHaveLength(1);
  });
});

describe("csvStream", () => {
  const columns: CsvColumn<{ id: number; name: string }>[] = [
    { header: "Nummer", value: (r) => r.id },
    { header: "Naam", value: (r) => r.name },
  ];

  it("starts with the BOM and the header line, then the rows", async () => {
    async function* batches() {
      yield [{ id: 1, name: "Eén; twee" }];
      yield [{ id: 2, name: "Drie" }];
    }
    const text = await readAll(csvStream(columns, batches()));
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toBe(`${CSV_BOM}Nummer;Naam\r\n1;"Eén; twee"\r\n2;Drie\r\n`);
  });

  it("encodes as UTF-8 with the BOM bytes first", async () => {
    async function* batches() {
      yield [{ id: 1, name: "Café" }];
    }
    const reader = csvStream(columns, batches()).getReader();
    const first = (await reader.read()).value!;
    expect([...first.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const second = (await reader.read()).value!;
    expect(new TextDecoder().decode(second)).toBe("1;Café\r\n");
  });

  it("reads the next batch only when the reader asks (memory stays flat)", async () => {
    let read = 0;
    async function* batches() {
      for (let i = 0; i < 1000; i++) {
        read += 1;
        yield [{ id: i, name: `rij ${i}` }];
      }
    }
    const reader = csvStream(columns, batches()).getReader();
    await reader.read(); // header
    await reader.read(); // first batch
    await reader.read(); // second batch
    // The stream may pull ahead by its small queue, never the whole source.
    expect(read).toBeLessThanOrEqual(3);
    await reader.cancel();
  });

  it("stops the source when the download is cancelled", async () => {
    let finished = false;
    async function* batches() {
      try {
        for (let i = 0; ; i++) yield [{ id: i, name: "x" }];
      } finally {
        finished = true;
      }
    }
    const reader = csvStream(columns, batches()).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
  });

  it("turns a failing batch into a stream error", async () => {
    async function* batches(): AsyncGenerator<{ id: number; name: string }[]> {
      yield [{ id: 1, name: "a" }];
      throw new Error("database weg");
    }
    await expect(readAll(csvStream(columns, batches()))).rejects.toThrow("database weg");
  });
});

describe("csvResponse", () => {
  it("is a dated UTF-8 CSV attachment that is not cached", () => {
    const res = csvResponse("vestigingen", new ReadableStream(), new Date("2026-03-01T23:30:00Z"));
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="vestigingen-2026-03-02.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("dates file names in Amsterdam time", () => {
    expect(fileDate(new Date("2025-12-31T23:30:00Z"))).toBe("2026-01-01");
    expect(fileDate(new Date("2025-06-15T12:00:00Z"))).toBe("2025-06-15");
  });
});
