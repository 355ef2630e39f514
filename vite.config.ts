import crypto from "node:crypto";
import fs from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The service worker (app/offline/sw.js) as /sw.js of the client build, with a version made of the
 * build's file names: a build whose code changed gives a new worker, which the page then offers.
 */
function serviceWorker(): Plugin {
  return {
    name: "ledenportaal-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const version = crypto.createHash("sha256").update(Object.keys(bundle).sort().join("\n")).digest("hex").slice(0, 16);
      const source = fs.readFileSync(new URL("./app/offline/sw.js", import.meta.url), "utf8").replace("__SW_VERSION__", version);
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), ...(isSsrBuild ? [] : [serviceWorker()])],
  build: {
    sourcemap: false,
    // Terser makes the client's JavaScript a few percent smaller than esbuild's minifier: room the
    // public pages need under their budget (DESIGN.md §8; `npm run weight`).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
  },
  ssr: {
    // Native and node-only packages stay external to the server bundle.
    external: ["better-sqlite3", "pg", "@node-rs/argon2", "sharp", "nodemailer", "qrcode"],
  },
}));
