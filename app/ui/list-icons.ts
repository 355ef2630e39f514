// The shapes (24 × 24 SVG paths) of the icons of lists: search, pager, states, delete.
export const searchIcon = "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2l5 5";
export const chevronLeftIcon = "M15 18l-6-6 6-6";
export const chevronRightIcon = "M9 18l6-6-6-6";
export const firstIcon = "M11 18l-6-6 6-6M18 18l-6-6 6-6";
export const lastIcon = "M13 18l6-6-6-6M6 18l6-6-6-6";
export const trashIcon = "M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6";
export const eyeIcon = "M1 12s4-8 11-8 11 8 11 8-4 8-11 8S1 12 1 12zm11 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z";
export const eyeOffIcon = "M1 12s4-8 11-8c2 0 3.8.6 5.3 1.6M23 12s-4 8-11 8c-2 0-3.8-.6-5.3-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20";
export const userOffIcon = "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 13.3-6M16 16l5 5M21 16l-5 5";
export const starIcon = "M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z";
export const storeIcon = "M3 9l1.5-5h15L21 9M3 9h18M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12v8h14v-8M10 20v-5h4v5";
export const userIcon = "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0";
export const shieldIcon = "M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z";
export const awardIcon = "M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM8.2 13.9L7 23l5-3 5 3-1.2-9.1";
