/**
 * A part that JavaScript shows or hides by what is chosen (a closed day's times, the RI&E files, the
 * invoice address) is hidden by the stylesheet wherever scripts run (`@media (scripting: enabled)`
 * in app.css): from the first paint on, not only once the scripts have taken over the page, which
 * on a slow computer made the page jump. Without JavaScript every part shows and every field posts.
 * Spread onto the part: `<fieldset {...hiddenWithScript(!ticked)}>`.
 */
export const hiddenWithScript = (hide = true) => (hide ? { "data-hidden-with-script": "" } : {});

/** A control that works only with JavaScript (a toggle of the page itself): not shown where scripts do not run. */
export const scriptOnly = { "data-script-only": "" } as const;
