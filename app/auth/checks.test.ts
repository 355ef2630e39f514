import { describe, it } from "vitest";
import { emails, expectSameAnswers, passwords, posts, texts } from "../lib/form-checks.testing";
import {
  codeChecks,
  confirmAccountChecks,
  loginChecks,
  mfaSetupChecks,
  newPasswordChecks,
  resetRequestChecks,
} from "./checks";
import {
  codeSchema,
  confirmAccountSchema,
  loginSchema,
  mfaSetupSchema,
  newPasswordSchema,
  resetRequestSchema,
} from "./schemas";

describe("the public forms' checks in the browser answer as their schemas on the server", () => {
  it("sign-in", () => {
    expectSameAnswers(loginChecks, loginSchema, posts({ email: emails, password: passwords, next: [undefined, " /mijn-gegevens "] }));
  });

  it("second-factor code", () => {
    expectSameAnswers(codeChecks, codeSchema, posts({ code: [...texts, "123456", " 123456 "] }));
  });

  it("choice of a second factor (the radio group's own values)", () => {
    expectSameAnswers(mfaSetupChecks, mfaSetupSchema, posts({ mfaType: [undefined, "", "email", "app"] }));
  });

  it("password reset request", () => {
    expectSameAnswers(resetRequestChecks, resetRequestSchema, posts({ email: emails }));
  });

  it("new password and its repeat", () => {
    expectSameAnswers(newPasswordChecks, newPasswordSchema, posts({ password: passwords, repeatPassword: passwords }));
  });

  it("account activation", () => {
    expectSameAnswers(
      confirmAccountChecks,
      confirmAccountSchema,
      posts({
        givenName: [undefined, " Jan "],
        namePreposition: [undefined, " van der "],
        familyName: ["  ", "Jansen"],
        password: passwords,
        repeatPassword: [undefined, "kort", "12345678"],
      }),
    );
  });
});
