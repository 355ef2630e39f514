import type { FieldMetadata } from "@conform-to/react";
import { Field } from "../ui/Field";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; this part takes a field of any form
type Meta = FieldMetadata<any, any, string[]>;

export interface PersonFieldMetas {
  email?: Meta;
  givenName: Meta;
  namePreposition: Meta;
  familyName: Meta;
  phonePrimary?: Meta;
}

export const PERSON_LABELS = {
  email: "E-mailadres",
  givenName: "Voornaam",
  namePreposition: "Tussenvoegsel",
  familyName: "Achternaam",
  phonePrimary: "Telefoonnummer",
} as const;


/**
 * E-mail, names and phone of an account, as every account form asks for them. `own`: the
 * person's own data, which the browser may fill in; someone else's account gets no suggestions.
 */
export function PersonFields({ fields, own }: { fields: PersonFieldMetas; own: boolean }) {
  const auto = (token: string) => (own ? token : "off");
  return (
    <>
      {fields.email ? (
        <Field meta={fields.email} label={PERSON_LABELS.email} type="email" autoComplete={auto("email")} required />
      ) : null}
      <Field meta={fields.givenName} label={PERSON_LABELS.givenName} autoComplete={auto("given-name")} required />
      <Field meta={fields.namePreposition} label={PERSON_LABELS.namePreposition} autoComplete={auto("additional-name")} />
      <Field meta={fields.familyName} label={PERSON_LABELS.familyName} autoComplete={auto("family-name")} required />
      {fields.phonePrimary ? (
        <Field meta={fields.phonePrimary} label={PERSON_LABELS.phonePrimary} type="tel" autoComplete={auto("tel")} inputMode="tel" />
      ) : null}
    </>
  );
}
