// CSV files for Dutch Excel, streamed: UTF-8 with a byte order mark (else Excel guesses the
// encoding), semicolons (Dutch Excel's list separator, the comma being the decimal sign), CRLF
// line ends and RFC 4180 quoting. Rows come from the database in batches and are written as they
// come, so a large export never holds the whole file in memory.

export const CSV_BOM = "\uFEFF";
const CSV_SEPARATOR = ";";
const CSV_LINE_END = "\r\n";
/** Rows read per database query. */
const CSV_BATCH_SIZE = 500;

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

// A cell a spreadsheet would read as a formula (or as the start of one) runs code when opened:
// such text gets a leading apostrophe, which Excel shows as plain text (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** One cell: booleans as Ja/Nee, formulas neutralised, quoted when it holds ; " CR or LF. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Ja" : "Nee";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, with its CRLF. */
export function csvLine(values: CsvValue[]): string {
  return values.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/**
 * Reads a table in batches by keyset pagination on `id` (id > last id seen, ascending), which
 * stays fast at any depth, unlike OFFSET. `fetchBatch` returns at most `limit` rows ordered by id.
 */
export async function* keysetBatches<Row extends { id: number }>(
  fetchBatch: (afterId: number, limit: number) => Promise<Row[]>,
  batchSize = CSV_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let afterId = 0;
  for (;;) {
    const rows = await fetchBatch(afterId, batchSize);
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    afterId = rows[rows.length - 1].id;
  }
}

/**
 * The file as a byte stream: BOM and header line first, then each batch as it is read. The next
 * batch is read only when the reader wants more (pull), so a slow client slows the reading.
 */
export function csvStream<Row>(columns: CsvColumn<Row>[], batches: AsyncIterable<Row[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(columns.map((c) => c.header))));
        return;
      }
      try {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map((row) => csvLine(columns.map((c) => c.value(row)))).join("")));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** 'YYYY-MM-DD' of `date` in Amsterdam, for file names. */
export function fileDate(date: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/** 'YYYY-MM-DD-HH-mm-ss' of `date` in Amsterdam, for file names made more than once a day. */
export function fileDateTime(date: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Amsterdam",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}-${parts.hour}-${parts.minute}-${parts.second}`;
}

/**
 * The download: `<baseName>-YYYY-MM-DD.csv` (with `withTime`, `-HH-mm-ss` too) as an attachment,
 * never cached (personal data).
 */
export function csvResponse(baseName: string, body: ReadableStream<Uint8Array>, date: Date = new Date(), withTime = false): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${baseName}-${withTime ? fileDateTime(date) : fileDate(date)}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
