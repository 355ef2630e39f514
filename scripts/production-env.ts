import cluster from "node:cluster";

/**
 * Imported first by the start script. Whether the operator asked for production (NODE_ENV) decides
 * the production rules (config.production); React, which reads NODE_ENV when it is loaded, always
 * renders its production build when the portal is served from the build. Worker processes inherit
 * what their primary recorded.
 */
if (cluster.isPrimary) process.env.LEDENPORTAAL_PRODUCTION = process.env.NODE_ENV === "production" ? "1" : "0";
process.env.NODE_ENV = "production";
export {};
