import { data } from "react-router";

// What Conform's parser is given on the server (parseWithZod; checkForm runs in the browser only,
// on the page's own form): the names of the form it parses and its own fields. It builds the
// posted values from the names, so a forged name decides what it builds: a post naming row
// 99999999 of a list ran a server process out of memory, and a name of a thousand parts overflowed
// its stack. Forms it does not parse (a three-state group's `fitnessTypes[<id>]`) are read by name
// and need no such bound.

/** The highest row of a list a parsed form may name (`videoLinks[999]`): no form has more than a few dozen. */
const MAX_LIST_INDEX = 999;
/** The most parts a parsed field's name has (`campaignNldApplications[0].email` has three). */
const MAX_NAME_PARTS = 8;
/** Conform's own fields: a list action (add, remove, move a row) and what was checked, as JSON. */
const PARSER_FIELDS = new Set(["__intent__", "__state__"]);
/** The keys of a list action that hold a field's name, and those that hold a row number. */
const NAME_KEYS = new Set(["name"]);
const ROW_KEYS = new Set(["index", "from", "to"]);

/** Whether a field name is deeper than any form's, or names a row past MAX_LIST_INDEX. */
function oddName(name: string): boolean {
  const parts = name.match(/[.[]/g)?.length ?? 0;
  return parts >= MAX_NAME_PARTS || [...name.matchAll(/\[(\d+)\]/g)].some((match) => Number(match[1]) > MAX_LIST_INDEX);
}

/**
 * Whether a parser field's JSON (escapes decoded, as the parser reads it) has such a name, as a key
 * or as a list action's field name, or a row number past MAX_LIST_INDEX (`{"name":"videoLinks","index":3}`).
 */
function oddParserValue(value: unknown, depth = 0): boolean {
  if (depth > MAX_NAME_PARTS) return true;
  if (Array.isArray(value)) return value.some((item) => oddParserValue(item, depth + 1));
  if (!value || typeof value !== "object") return false;
  return Object.entries(value).some(
    ([key, item]) =>
      oddName(key) ||
      (NAME_KEYS.has(key) && typeof item === "string" && oddName(item)) ||
      (ROW_KEYS.has(key) && typeof item === "number" && !(Math.abs(item) <= MAX_LIST_INDEX)) ||
      oddParserValue(item, depth + 1),
  );
}

/** Whether a posted form is one the parser may be given: no name or list action beyond any form's, its own fields JSON. */
export function parsableForm(form: FormData | URLSearchParams): boolean {
  for (const [name, value] of form) {
    if (oddName(name)) return false;
    if (!PARSER_FIELDS.has(name) || typeof value !== "string" || value === "") continue;
    try {
      if (oddParserValue(JSON.parse(value))) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** The answer to a post that is not such a form (a forged one: a page's own forms always are). */
export const FORM_UNREADABLE = "Het formulier kon niet worden gelezen.";

/** Refuses (400) a post the parser may not be given (see parsableForm). */
export function requireParsableForm(form: FormData | URLSearchParams): void {
  if (!parsableForm(form)) throw data(FORM_UNREADABLE, { status: 400 });
}
