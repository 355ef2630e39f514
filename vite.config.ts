import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
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
