import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several checkouts' test runs build side by side without clobbering each other.
  buildDirectory: process.env.BUILD_DIR || "build",
  future: { v8_trailingSlashAwareDataRequests: true },
} satisfies Config;
