// The reference catalogues (part 2 §2.4, §3): one definition each; the list, add, edit and delete
// pages and their server halves are the same code for all (this folder). Browser-safe.
import * as z from "zod/mini";
import { checkbox, messages, numeric, oneOf, optionalText, refine, requiredText, richText, transform } from "../lib/validation";

export type CatalogueKey =
  | "facility"
  | "fitness_type"
  | "target_group"
  | "group_lesson"
  | "specialisation"
  | "qualification"
  | "document_cat"
  | "document"
  | "text"
  | "asset";

/** The database tables of the catalogues (migration 011). */
export type CatalogueTable =
  | "facilities"
  | "fitness_types"
  | "target_groups"
  | "group_lessons"
  | "specialisations"
  | "qualifications"
  | "document_categories"
  | "documents"
  | "texts"
  | "assets";

interface FieldBase {
  /** The form field's name, as the spec's payload names it. */
  name: string;
  /** The table's column. */
  column: string;
  label: string;
}

/** The kinds of field a catalogue has; each knows its input, its check and its stored form. */
export type CatalogueField =
  | (FieldBase & {
      kind: "text";
      required?: boolean;
      /** Marked required ('*') but not checked: the spec's name of texts and assets. */
      markedRequired?: boolean;
    })
  | (FieldBase & { kind: "textarea" })
  | (FieldBase & { kind: "richText"; required?: boolean })
  | (FieldBase & { kind: "checkbox" })
  | (FieldBase & { kind: "select"; options: readonly { value: string; label: string }[]; required?: boolean })
  | (FieldBase & {
      kind: "reference";
      /** The catalogue whose entries are the choices (by id, in that catalogue's order). */
      catalogue: CatalogueKey;
      required?: boolean;
    })
  | (FieldBase & { kind: "number"; required?: boolean })
  /** The key the portal finds the entry by: given when the entry is added, read-only after. */
  | (FieldBase & { kind: "ref" })
  /** One image (jpg, png), a row of `files`; shown 150 wide in the list and on the form. */
  | (FieldBase & { kind: "image" })
  /** One file of any download type (an asset's file). */
  | (FieldBase & { kind: "file" })
  /** Several files in order (a document's): kept, removed, moved, or added at the end. */
  | (FieldBase & { kind: "files" });

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
  /** Whether the admin gives the entries an order (a `sequence` column); otherwise by name. */
  ordered: boolean;
  /** Whether the list offers 'Toevoegen' (assets: no). */
  addable: boolean;
  /** Whether entries can be deleted (assets: no). */
  deletable: boolean;
}

const NAME: CatalogueField = { kind: "text", name: "name", column: "name", label: "Naam", required: true };
const DESCRIPTION: CatalogueField = { kind: "textarea", name: "description", column: "description", label: "Omschrijving" };
const IMAGE: CatalogueField = { kind: "image", name: "image", column: "image_file_id", label: "Afbeelding" };
const REF: CatalogueField = { kind: "ref", name: "ref", column: "ref", label: "Referentie" };
/** Texts and assets: marked required, not checked (part 2 §5). */
const LOOSE_NAME: CatalogueField = { kind: "text", name: "name", column: "name", label: "Naam", markedRequired: true };
const ORDERED = { ordered: true, addable: true, deletable: true } as const;

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
    ...ORDERED,
  },
  {
    key: "document",
    table: "documents",
    slug: "downloads",
    title: "Downloads",
    addTitle: "Download toevoegen",
    saved: "Download opgeslagen.",
    deleted: "Download verwijderd.",
    fields: [
      { kind: "reference", name: "documentCatId", column: "document_category_id", label: "Categorie", catalogue: "document_cat", required: true },
      NAME,
      { kind: "richText", name: "description", column: "description", label: "Omschrijving" },
      { kind: "files", name: "files", column: "", label: "Bestanden" },
    ],
    categoryField: "documentCatId",
    columns: ["documentCatId"],
    ...ORDERED,
  },
  {
    key: "fitness_type",
    table: "fitness_types",
    slug: "sportaanbod",
    title: "Sportaanbod",
    addTitle: "Sportaanbod toevoegen",
    saved: "Sportaanbod opgeslagen.",
    deleted: "Sportaanbod verwijderd.",
    fields: [NAME, DESCRIPTION, IMAGE],
    columns: ["image"],
    ...ORDERED,
  },
  {
    key: "facility",
    table: "facilities",
    slug: "faciliteiten",
    title: "Faciliteiten",
    addTitle: "Faciliteit toevoegen",
    saved: "Faciliteit opgeslagen.",
    deleted: "Faciliteit verwijderd.",
    fields: [NAME, DESCRIPTION, IMAGE],
    columns: ["image"],
    ...ORDERED,
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
      IMAGE,
    ],
    categoryField: "category",
    columns: ["category", "image"],
    ...ORDERED,
  },
  {
    key: "target_group",
    table: "target_groups",
    slug: "doelgroepen",
    title: "Doelgroepen",
    addTitle: "Doelgroep toevoegen",
    saved: "Doelgroep opgeslagen.",
    deleted: "Doelgroep verwijderd.",
    fields: [NAME, DESCRIPTION, { kind: "checkbox", name: "adminOnly", column: "admin_only", label: "Alleen voor beheerders" }, IMAGE],
    columns: ["adminOnly", "image"],
    ...ORDERED,
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
      IMAGE,
    ],
    categoryField: "category",
    columns: ["category", "image"],
    ...ORDERED,
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
      IMAGE,
    ],
    columns: ["level", "levelValue", "recognized", "image"],
    ...ORDERED,
  },
  {
    key: "text",
    table: "texts",
    slug: "teksten",
    title: "Teksten",
    addTitle: "Tekst toevoegen",
    saved: "Tekst opgeslagen.",
    deleted: "Tekst verwijderd.",
    fields: [REF, LOOSE_NAME, { kind: "richText", name: "content", column: "content", label: "Inhoud" }],
    columns: ["ref"],
    ordered: false,
    addable: true,
    deletable: true,
  },
  {
    key: "asset",
    table: "assets",
    slug: "assets",
    title: "Assets",
    addTitle: "Asset toevoegen",
    saved: "Asset opgeslagen.",
    deleted: "Asset verwijderd.",
    fields: [REF, LOOSE_NAME, { kind: "file", name: "file", column: "file_id", label: "Bestand" }],
    columns: ["ref", "file"],
    ordered: false,
    addable: false,
    deletable: false,
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

/** The value of a reference: the id of an entry of the other catalogue (the server checks it exists). */
const referenceId = (required: boolean) =>
  refine(required ? requiredText() : optionalText(), (v) => v === undefined || /^\d{1,9}$/.test(v), messages.pickFromList);

/** A ref: lower-case letters, digits and underscores, as the portal names its texts and assets. */
export const REF_FORMAT = "Alleen kleine letters, cijfers en _ (bijvoorbeeld page_help).";

/** The form's fields of one catalogue field; files are posted beside them and checked apart. */
function fieldSchemas(field: CatalogueField, mode: "add" | "edit"): [string, z.ZodMiniType][] {
  switch (field.kind) {
    case "text":
      return [[field.name, field.required ? requiredText() : optionalText()]];
    case "textarea":
      return [[field.name, optionalText()]];
    case "richText":
      return [[field.name, field.required ? richText({ required: true }) : richText()]];
    case "checkbox":
      return [[field.name, checkbox()]];
    case "select":
      return [[field.name, field.required ? refine(oneOf(field.options), (v) => v !== undefined, messages.required) : oneOf(field.options)]];
    case "reference":
      return [[field.name, referenceId(field.required ?? false)]];
    case "number":
      return [
        [
          field.name,
          transform(
            refine(numeric({ required: field.required ?? false }), (v) => v === undefined || !/^\d+$/.test(v) || Number(v) <= MAX_NUMBER, NUMBER_TOO_LARGE),
            (v) => (v === undefined ? undefined : Number(v)),
          ),
        ],
      ];
    case "ref":
      // Fixed once given: only the add form has it.
      return mode === "add" ? [[field.name, refine(requiredText(), (v) => /^[a-z0-9_]{1,60}$/.test(v), REF_FORMAT)]] : [];
    case "image":
    case "file":
      return [[`${field.name}Remove`, checkbox()]];
    case "files":
      // The stored files kept, in their new order, and those ticked for removal.
      return [
        [field.name, z.optional(z.array(optionalText()))],
        [`${field.name}Remove`, z.optional(z.array(optionalText()))],
      ];
  }
}

/** The form of a catalogue entry: each field's check (part 2 §5 Catalogues). */
export function catalogueSchema(catalogue: CatalogueDefinition, mode: "add" | "edit") {
  return z.object(Object.fromEntries(catalogue.fields.flatMap((f) => fieldSchemas(f, mode))));
}

/** The names under which a catalogue's form posts files (checked by content on the server). */
export function uploadNames(catalogue: CatalogueDefinition): string[] {
  return catalogue.fields.flatMap((f) =>
    f.kind === "image" || f.kind === "file" ? [f.name] : f.kind === "files" ? [`${f.name}New`] : [],
  );
}

export type CatalogueValues = Record<string, string | number | boolean | string[] | undefined>;

/** The form's values as it shows them (Conform's default values). */
export type CatalogueFormValues = Record<string, string | string[] | undefined>;

/** A stored file as a form or list shows it. */
export interface StoredFile {
  id: number;
  name: string;
  modified: string;
  size: number;
}
