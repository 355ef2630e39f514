import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./shell/nonce";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering: the portal's loaders await their data, so there is
 * nothing to stream, and one finished body is cheaper to send than a stream of small chunks piped
 * through three stream adapters.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce;
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(timeout);
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
