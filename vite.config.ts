import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: { sourcemap: false },
  ssr: {
    // Native and node-only packages stay external to the server bundle.
    external: ["better-sqlite3", "pg", "@node-rs/argon2", "sharp", "nodemailer", "qrcode"],
  },
});
