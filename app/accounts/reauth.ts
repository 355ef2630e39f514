/** The texts of re-authentication (browser-safe: the page shows some of them). */
export const CURRENT_PASSWORD_NEEDED = "Vul uw huidige wachtwoord in.";
export const CURRENT_PASSWORD_WRONG = "Het huidige wachtwoord klopt niet.";
export const CODE_NEEDED = "Vul de code van uw tweestapsverificatie in.";
export const CODE_WRONG = "Verkeerde 2factor code!";
export const REAUTH_CODE_SENT = "Er is een code naar uw e-mailadres verstuurd. Vul die hieronder in.";
/** While an admin imitates an account, nothing that proves or changes who it is can be done. */
export const LOCKED_WHILE_IMITATING = "Tijdens het imiteren kunt u het e-mailadres, het wachtwoord en de tweestapsverificatie niet wijzigen.";

