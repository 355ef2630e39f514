import { z } from "zod";
import { email, optionalText, password, phone, requiredText, sameAs } from "../lib/validation";

export const loginSchema = z.object({
  email: email({ required: true }),
  password: password(),
  next: optionalText(),
});

export const codeSchema = z.object({ code: requiredText() });

export const resetRequestSchema = z.object({ email: email({ required: true }) });

export const newPasswordSchema = sameAs(
  z.object({ password: password(), repeatPassword: password() }),
  "password",
  "repeatPassword",
);

export const confirmAccountSchema = sameAs(
  z.object({
    givenName: requiredText(),
    namePreposition: optionalText(),
    familyName: requiredText(),
    password: password(),
    repeatPassword: password(),
  }),
  "password",
  "repeatPassword",
);

export const ownDataSchema = z.object({
  email: email({ required: true }),
  givenName: requiredText(),
  namePreposition: optionalText(),
  familyName: requiredText(),
  phonePrimary: phone(),
});
