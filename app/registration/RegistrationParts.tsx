import { href } from "react-router";

/** A static text of Beheer > Teksten (sanitised rich text, from the loader). */
export function TextBlock({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The page a public form shows once it was sent: its heading, what happens next (a text), and the way home. */
export function RegistrationDone({ title, text }: { title: string; text: string }) {
  return (
    <section className="card registration" aria-labelledby="done-title">
      <h1 id="done-title">{title}</h1>
      <TextBlock html={text} />
      <p>
        <a href={href("/")}>Naar de startpagina</a>
      </p>
    </section>
  );
}

/** Where to read the terms and the privacy statement (the assets of Beheer > Assets), in a new window. */
export function ConsentLinks({ terms = false }: { terms?: boolean }) {
  return (
    <p className="form__note">
      Lees eerst{" "}
      {terms ? (
        <>
          de{" "}
          <a href={href("/asset/:ref", { ref: "terms_and_conditions" })} target="_blank" rel="noopener">
            algemene voorwaarden (opent in een nieuw venster)
          </a>{" "}
          en{" "}
        </>
      ) : null}
      de{" "}
      <a href={href("/asset/:ref", { ref: "privacy_statement" })} target="_blank" rel="noopener">
        privacyverklaring (opent in een nieuw venster)
      </a>
      .
    </p>
  );
}
