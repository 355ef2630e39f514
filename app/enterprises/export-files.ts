/** The CSV files of the export page. */
export const EXPORT_FILES = ["vestigingen.csv", "campagne-interesse.csv", "campagne-aanmeldingen.csv"] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];
