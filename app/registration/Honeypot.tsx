/** The name of the field that only programs fill in (a person never sees it). */
export const HONEYPOT_FIELD = "homepage";

/**
 * A text field that people do not see and programs that fill in every field do: a post with it
 * filled is not from a person (public-form.server.ts). Kept off-screen rather than display:none,
 * which such programs skip; hidden from screen readers and out of the tab order.
 */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="homepage">Laat dit veld leeg</label>
      <input id="homepage" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
