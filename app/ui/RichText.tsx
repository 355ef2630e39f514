/**
 * Rich text as the portal shows it. `html` must come sanitised from the server (sanitizeRichText in
 * app/content/rich-text.server.ts, or getText which applies it): nothing else is put into a page as HTML.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={`rich-text${className ? ` ${className}` : ""}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
