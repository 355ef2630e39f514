// The reference catalogues (part 2 §2.4, §3): one definition each; the list, add, edit and delete
// pages and their server halves are the same code for all (this folder). Browser-safe.
import * as z from "zod/mini";
import { checkbox, messages, numeric, oneOf, optionalText, refine, requiredText, transform } from "../lib/validation";

export type CatalogueKey =
  | "facility"
  | "fitness_type"
  | "target_group"
  | "group_lesson"
  | "specialisation"
  | "qualification"
  | "document_cat";

/** The database tables of the catalogues (migration 011). */
export type CatalogueTable =
  | "facilities"
  | "fitness_types"
  | "target_groups"
  | "group_lessons"
  | "specialisations"
  | "qualifications"
  | "document_categories";

interface FieldBase {
  /** The form field's name, as the spec's payload names it. */
  name: string;
  /** The table's column. */
  column: string;
  label: string;
}

/** The kinds of field a catalogue has; each knows its input, its check and its stored form. */
export type CatalogueField =
  | (FieldBase & { kind: "text"; required?: boolean })
  | (FieldBase & { kind: "textarea" })
  | (FieldBase & { kind: "checkbox" })
  | (FieldBase & { kind: "select"; options: readonly { value: string; label: string }[]; required?: boolean })
  | (FieldBase & { kind: "number"; required?: boolean });

export interface CatalogueDefinition {
  key: CatalogueKey;
  table: CatalogueTable;
  /** The path under /beheer: /beheer/faciliteiten. */
  slug: string;
  /** 'Faciliteiten' */
  title: string;
  /** 'Faciliteit toevoegen', the add page's title. */
  addTitle: string;
  /** 'Faciliteit opgeslagen.' */
  saved: string;
  /** 'Faciliteit verwijderd.' */
  deleted: string;
  fields: readonly CatalogueField[];
  /** The field whose value groups the list and the order (documents, group lessons, specialisations). */
  categoryField?: string;
  /** Further list columns after the name, by field name. */
  columns: readonly string[];
}

const NAME: CatalogueField = { kind: "text", name: "name", column: "name", label: "Naam", required: true };
const DESCRIPTION: CatalogueField = { kind: "textarea", name: "description", column: "description", label: "Omschrijving" };

export const GROUP_LESSON_CATEGORIES = [
  { value: "algemeen", label: "Algemeen" },
  { value: "les_mills", label: "Les Mills" },
  { value: "clubjoy", label: "ClubJoy" },
] as const;

export const SPECIALISATION_CATEGORIES = [...GROUP_LESSON_CATEGORIES, { value: "doelgroepen", label: "Doelgroepen" }] as const;

export const CATALOGUES: readonly CatalogueDefinition[] = [
  {
    key: "document_cat",
    table: "document_categories",
    slug: "download-categorieen",
    title: "Download-categorieën",
    addTitle: "Download-categorie toevoegen",
    saved: "Download-categorie opgeslagen.",
    deleted: "Download-categorie verwijderd.",
    fields: [NAME, { kind: "checkbox", name: "allowNonMembers", column: "allow_non_members", label: "Zichtbaar voor niet-leden" }],
    columns: ["allowNonMembers"],
  },
  {
    key: "fitness_type",
    table: "fitness_types",
    slug: "sportaanbod",
    title: "Sportaanbod",
    addTitle: "Sportaanbod toevoegen",
    saved: "Sportaanbod opgeslagen.",
    deleted: "Sportaanbod verwijderd.",
    fields: [NAME, DESCRIPTION],
    columns: [],
  },
  {
    key: "facility",
    table: "facilities",
    slug: "faciliteiten",
    title: "Faciliteiten",
    addTitle: "Faciliteit toevoegen",
    saved: "Faciliteit opgeslagen.",
    deleted: "Faciliteit verwijderd.",
    fields: [NAME, DESCRIPTION],
    columns: [],
  },
  {
    key: "group_lesson",
    table: "group_lessons",
    slug: "groepslessen",
    title: "Groepslessen",
    addTitle: "Groepsles toevoegen",
    saved: "Groepsles opgeslagen.",
    deleted: "Groepsles verwijderd.",
    fields: [
      { kind: "select", name: "category", column: "category", label: "Categorie", options: GROUP_LESSON_CATEGORIES, required: true },
      NAME,
      DESCRIPTION,
    ],
    categoryField: "category",
    columns: ["category"],
  },
  {
    key: "target_group",
    table: "target_groups",
    slug: "doelgroepen",
    title: "Doelgroepen",
    addTitle: "Doelgroep toevoegen",
    saved: "Doelgroep opgeslagen.",
    deleted: "Doelgroep verwijderd.",
    fields: [NAME, DESCRIPTION, { kind: "checkbox", name: "adminOnly", column: "admin_only", label: "Alleen voor beheerders" }],
    columns: ["adminOnly"],
  },
  {
    key: "specialisation",
    table: "specialisations",
    slug: "specialisaties",
    title: "Specialisaties",
    addTitle: "Specialisatie toevoegen",
    saved: "Specialisatie opgeslagen.",
    deleted: "Specialisatie verwijderd.",
    fields: [
      { kind: "select", name: "category", column: "category", label: "Categorie", options: SPECIALISATION_CATEGORIES, required: true },
      NAME,
      DESCRIPTION,
    ],
    categoryField: "category",
    columns: ["category"],
  },
  {
    key: "qualification",
    table: "qualifications",
    slug: "diplomas",
    title: "Diploma's",
    addTitle: "Diploma toevoegen",
    saved: "Diploma opgeslagen.",
    deleted: "Diploma verwijderd.",
    fields: [
      NAME,
      { kind: "text", name: "level", column: "level", label: "Niveau", required: true },
      { kind: "number", name: "levelValue", column: "level_value", label: "Niveauwaarde", required: true },
      { kind: "checkbox", name: "recognized", column: "recognized", label: "Erkend" },
    ],
    columns: ["level", "levelValue", "recognized"],
  },
];

/** The catalogue of a path under /beheer (its first segment), if there is one. */
export function catalogueAt(pathname: string): CatalogueDefinition | undefined {
  const slug = /^\/beheer\/([^/]+)/.exec(pathname)?.[1];
  return CATALOGUES.find((c) => c.slug === slug);
}

export const catalogueByKey = (key: CatalogueKey): CatalogueDefinition => CATALOGUES.find((c) => c.key === key)!;

export const listPath = (c: CatalogueDefinition) => `/beheer/${c.slug}`;
export const addPath = (c: CatalogueDefinition) => `/beheer/${c.slug}/toevoegen`;
export const editPath = (c: CatalogueDefinition, id: number) => `/beheer/${c.slug}/bewerken/${id}`;
export const deletePath = (c: CatalogueDefinition, id: number) => `/beheer/${c.slug}/verwijderen/${id}`;

/** The largest value a whole-number field takes (a PostgreSQL integer). */
const MAX_NUMBER = 2_147_483_647;
const NUMBER_TOO_LARGE = "Dit getal is te groot";

function fieldSchema(field: CatalogueField) {
  switch (field.kind) {
    case "text":
      return field.required ? requiredText() : optionalText();
    case "textarea":
      return optionalText();
    case "checkbox":
      return checkbox();
    case "select":
      return field.required ? refine(oneOf(field.options), (v) => v !== undefined, messages.required) : oneOf(field.options);
    case "number":
      return transform(
        refine(numeric({ required: field.required ?? false }), (v) => v === undefined || !/^\d+$/.test(v) || Number(v) <= MAX_NUMBER, NUMBER_TOO_LARGE),
        (v) => (v === undefined ? undefined : Number(v)),
      );
  }
}

/** The form of a catalogue entry: each field's check (part 2 §5 Catalogues). */
export function catalogueSchema(catalogue: CatalogueDefinition) {
  return z.object(Object.fromEntries(catalogue.fields.map((f) => [f.name, fieldSchema(f)])));
}

export type CatalogueValues = Record<string, string | number | boolean | undefined>;

/** The form's values as it shows them (Conform's default values). */
export type CatalogueFormValues = Record<string, string | undefined>;
