import http from "node:http";
import type net from "node:net";

/**
 * A stand-in for the PDOK Locatieserver (`GET …/free?q=<postcode> <number>&fq=type:adres&rows=1`)
 * on a local port, so tests never reach the internet. Every postcode has a made-up but stable
 * location (`stubLocation`), except these:
 */
/** No address found: an empty docs list. */
export const STUB_UNKNOWN_POSTCODE = "9999ZZ";
/** The Locatieserver fails: HTTP 500. */
export const STUB_ERROR_POSTCODE = "9999XX";
/** Answers only after `slowMs` (longer than the client's timeout). */
export const STUB_SLOW_POSTCODE = "9999YY";

export interface GeocoderStub {
  /** The base URL to give as GEOCODER_URL (the client appends /free). */
  url: string;
  /** The query strings received, oldest first. */
  requests: URLSearchParams[];
  stop: () => Promise<void>;
}

/** The location the stub gives a postcode: inside the Netherlands, different per postcode. */
export function stubLocation(postcode: string): { lat: number; lon: number } {
  const digits = Number(postcode.slice(0, 4));
  const letters = (postcode.charCodeAt(4) - 65) * 26 + (postcode.charCodeAt(5) - 65);
  return {
    lat: Math.round((50.75 + ((digits - 1000) / 9000) * 2.7) * 1e6) / 1e6,
    lon: Math.round((3.4 + (letters / 676) * 3.7) * 1e6) / 1e6,
  };
}

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function docsResponse(docs: object[]) {
  return { response: { numFound: docs.length, start: 0, maxScore: docs.length ? 10 : 0, numFoundExact: true, docs } };
}

export async function startGeocoderStub({ slowMs = 10_000 } = {}): Promise<GeocoderStub> {
  const requests: URLSearchParams[] = [];
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    if (req.method !== "GET" || url.pathname !== "/free") return answer(res, 404, { error: "not found" });
    requests.push(url.searchParams);
    if (url.searchParams.get("fq") !== "type:adres") return answer(res, 400, { error: "fq=type:adres expected" });
    const match = /([1-9]\d{3})\s?([a-z]{2})/i.exec(url.searchParams.get("q") ?? "");
    const postcode = match ? `${match[1]}${match[2].toUpperCase()}` : "";
    if (postcode === STUB_ERROR_POSTCODE) return answer(res, 500, { error: "internal error" });
    if (postcode === STUB_SLOW_POSTCODE) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(res, 200, docsResponse([]));
      }, slowMs);
      timers.add(timer);
      return;
    }
    if (!postcode || postcode === STUB_UNKNOWN_POSTCODE) return answer(res, 200, docsResponse([]));
    const { lat, lon } = stubLocation(postcode);
    answer(
      res,
      200,
      docsResponse([{ type: "adres", postcode, weergavenaam: `Stubstraat, ${postcode}`, centroide_ll: `POINT(${lon} ${lat})` }]),
    );
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
