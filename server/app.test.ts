import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express, { type Request, type Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { answerFailure, isSameOrigin, noteEarlyClose } from "./app";

describe("isSameOrigin", () => {
  const host = "portaal.example.nl";
  it("lets reads through", () => {
    expect(isSameOrigin("GET", { origin: "https://evil.example" }, host)).toBe(true);
  });
  it("accepts posts from the same origin", () => {
    expect(isSameOrigin("POST", { origin: "https://portaal.example.nl", "sec-fetch-site": "same-origin" }, host)).toBe(true);
  });
  it("refuses posts from another origin or site", () => {
    expect(isSameOrigin("POST", { origin: "https://evil.example" }, host)).toBe(false);
    expect(isSameOrigin("POST", { "sec-fetch-site": "cross-site" }, host)).toBe(false);
    expect(isSameOrigin("POST", { "sec-fetch-site": "same-site", origin: "https://sub.example.nl" }, host)).toBe(false);
    expect(isSameOrigin("POST", { origin: "null" }, host)).toBe(false);
  });
  it("accepts posts without browser headers (no cookies can be ridden on)", () => {
    expect(isSameOrigin("POST", {}, host)).toBe(true);
  });
});

describe("a request whose client went away", () => {
  /** A server with the portal's first and last handlers around `route`, and the log lines it writes. */
  async function serve(route: (req: Request, res: Response) => Promise<void>) {
    const app = express();
    app.use(noteEarlyClose);
    app.get("/", route);
    app.use(answerFailure);
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const port = (server.address() as AddressInfo).port;
    return { server, port, lines, write };
  }

  /** Asks for the page and closes the connection at the first bytes of its answer. */
  function leaveAtFirstBytes(port: number): Promise<void> {
    return new Promise((resolve) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/" }, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", () => {});
    });
  }

  const logged = async (lines: string[], event: string) => {
    await vi.waitFor(() => expect(lines.some((line) => line.includes(`"event":"${event}"`))).toBe(true));
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  };

  it("is logged as aborted, not as a failure of the server, when the page could not be written to the end", async () => {
    const { server, port, lines, write } = await serve(async (_req, res) => {
      res.write("<!doctype html>");
      // As React Router's stream does: it fails once the response closed underneath it.
      await new Promise((resolve) => res.once("close", resolve));
      throw new Error("Writable closed before stream finished");
    });
    try {
      await leaveAtFirstBytes(port);
      const entries = await logged(lines, "request_aborted");
      expect(entries).toContainEqual(expect.objectContaining({ level: "info", event: "request_aborted", method: "GET", path: "/" }));
      expect(entries.some((entry) => entry.event === "request_failed")).toBe(false);
    } finally {
      write.mockRestore();
      server.close();
    }
  });

  it("still logs the server's own failure while sending as an error", async () => {
    const { server, port, lines, write } = await serve(async (_req, res) => {
      res.write("<!doctype html>");
      await new Promise((resolve) => setTimeout(resolve, 20));
      // As React Router does when the page's stream fails: the response is ended at once, then the error passed on.
      const error = new Error("de pagina kon niet worden getekend");
      res.once("error", () => {});
      res.destroy(error);
      throw error;
    });
    try {
      await new Promise<void>((resolve) => {
        http.get({ host: "127.0.0.1", port, path: "/" }, (response) => response.on("error", () => resolve()).on("close", () => resolve()).resume()).on("error", () => resolve());
      });
      const entries = await logged(lines, "request_failed");
      expect(entries).toContainEqual(expect.objectContaining({ level: "error", event: "request_failed", status: 500, error: "Error: de pagina kon niet worden getekend" }));
      expect(entries.some((entry) => entry.event === "request_aborted")).toBe(false);
    } finally {
      write.mockRestore();
      server.close();
    }
  });
});
