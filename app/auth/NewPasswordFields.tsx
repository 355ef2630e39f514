import type { FieldMetadata } from "@conform-to/react";
import { messages } from "../lib/rules";
import { Field } from "../ui/Field";

/** The new password and its repeat, as every form that sets a password asks for them. */
export function NewPasswordFields({
  password,
  repeatPassword,
  label,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; this part takes a field of any form
  password: FieldMetadata<any, any, string[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata is generic over the form's shape; this part takes a field of any form
  repeatPassword: FieldMetadata<any, any, string[]>;
  label: string;
}) {
  return (
    <>
      <Field meta={password} label={label} type="password" autoComplete="new-password" hint={messages.passwordHint} required />
      <Field meta={repeatPassword} label="Herhaal wachtwoord" type="password" autoComplete="new-password" required />
    </>
  );
}
