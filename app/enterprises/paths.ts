/** Every establishment URL the portal links to, in one place (browser-safe). */
export const ENTERPRISE_LIST_PATH = "/vestigingen";
export const ENTERPRISE_UNAPPROVED_PATH = "/vestigingen/nieuwe-vestigingen";
export const ENTERPRISE_ADD_PATH = "/vestigingen/toevoegen";
export const MY_ENTERPRISE_LIST_PATH = "/mijn-vestigingen";
export const MY_ENTERPRISE_ADD_PATH = "/mijn-vestigingen/toevoegen";
export const MY_ONE_ENTERPRISE_PATH = "/mijn-vestiging";

export const enterpriseEditPath = (id: number) => `/vestigingen/bewerken/${id}`;
export const enterpriseDeletePath = (id: number) => `/vestigingen/verwijderen/${id}`;
export const enterpriseApprovePath = (id: number) => `/vestigingen/nieuwe-vestigingen/goedkeuren/${id}`;
export const enterpriseExportFilePath = (file: ExportFile) => `/vestigingen/export/${file}`;
export const memberEnterpriseAddPath = (memberId: number) => `/lidmaatschappen/bewerken/${memberId}/vestiging-toevoegen`;
export const memberEnterpriseEditPath = (memberId: number, id: number) => `/lidmaatschappen/bewerken/${memberId}/vestiging/${id}`;
export const myEnterpriseEditPath = (id: number) => `/mijn-vestigingen/bewerken/${id}`;

/** The CSV files of the export page. */
export const EXPORT_FILES = ["vestigingen.csv", "campagne-interesse.csv", "campagne-aanmeldingen.csv"] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];
