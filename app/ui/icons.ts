// The shapes (24 × 24 SVG paths) of the icons every page's frame draws: header, breadcrumbs,
// notifications. The lists' own icons are in ./list-icons, so a page without a list does not load them.
export const homeIcon = "M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z";
export const menuIcon = "M3 6h18M3 12h18M3 18h18";
export const closeIcon = "M6 6l12 12M18 6L6 18";
export const userIcon = "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0";
export const checkIcon = "M5 13l4 4L19 7";
export const warningIcon = "M12 9v4m0 4h.01M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z";
export const offlineIcon = "M1 1l22 22M16.7 11.1A10.9 10.9 0 0 1 19 12.5M5 12.5a10.9 10.9 0 0 1 5.2-2.4M10.7 5.1A16 16 0 0 1 22.6 9M1.4 9a15.9 15.9 0 0 1 4.3-2.7M8.5 16.1a6 6 0 0 1 7 0M12 20h.01";
export const logoutIcon = "M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9";
