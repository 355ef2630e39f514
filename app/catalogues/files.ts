// Where stored catalogue files are downloaded (browser-safe).

/** A file of a download, through the route that checks who may have it (part 2 §7). */
export const documentFilePath = (documentId: number, fileId: number) => `/document/${documentId}/file/${fileId}`;

/** An asset's file, by the ref the portal links it with (public: terms and privacy statements). */
export const assetFilePath = (ref: string) => `/asset/${encodeURIComponent(ref)}`;
