import { href } from "react-router";
import type { Route } from "./+types/downloads";
import { requireAccount } from "../auth/account.server";
import { can } from "../auth/policy";
import { formatFileSize } from "../lib/format";
import { Icon } from "../ui/Icon";
import { RichText } from "../ui/RichText";
import { visibleDocuments, type DownloadFile } from "./documents.server";
import { getText } from "./texts.server";

export const handle = { breadcrumbs: [{ label: "Downloads" }] };

export function meta() {
  return [{ title: "Downloads – Ledenportaal" }];
}

/**
 * /downloads (part 2 §2.5): the documents by category for those who may see downloads (§6);
 * everyone else signed in gets the text page_documents_unauthorised.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { account } = await requireAccount(request);
  if (!can(account, "downloads")) {
    return { allowed: false as const, unauthorised: await getText("page_documents_unauthorised") };
  }
  return { allowed: true as const, categories: await visibleDocuments(account) };
}

/** A sheet with a downward arrow: a file to download. */
const downloadIcon = "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M12 11v6M9 14l3 3 3-3";

/** 'PDF', 'PNG', …: the kind of file, from its stored type or else its name. */
function fileKind(file: DownloadFile): string {
  const known: Record<string, string> = { "application/pdf": "PDF", "image/jpeg": "JPG", "image/png": "PNG" };
  const extension = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1];
  return known[file.mime] ?? extension?.toUpperCase() ?? "";
}

export default function Downloads({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) {
    return (
      <>
        <h1>Downloads</h1>
        <RichText className="card" html={loaderData.unauthorised} />
      </>
    );
  }
  const { categories } = loaderData;
  return (
    <>
      <h1>Downloads</h1>
      {categories.length === 0 ? (
        <p className="card">Geen resultaten gevonden</p>
      ) : (
        <div className="downloads">
          {categories.map((category, index) => (
            // One open at a time: details elements with the same name form a group, without JavaScript.
            <details key={category.id} name="downloads" className="downloads__category" open={index === 0}>
              <summary className="downloads__summary">
                <h2 className="downloads__category-name">{category.name}</h2>
              </summary>
              <div className="downloads__documents">
                {category.documents.map((document) => (
                  <article key={document.id} className="downloads__document">
                    <h3 className="downloads__document-name">{document.name}</h3>
                    {document.description ? <RichText html={document.description} /> : null}
                    {document.files.length > 0 ? (
                      <ul className="downloads__files">
                        {document.files.map((file) => (
                          <li key={file.id} className="downloads__file">
                            <Icon icon={downloadIcon} className="downloads__file-icon" />{" "}
                            {/* A plain link: the file route answers with a download, not a page. */}
                            <a href={href("/document/:id/file/:fileId", { id: String(document.id), fileId: String(file.id) })}>
                              {file.name}
                            </a>{" "}
                            <span className="downloads__file-meta">
                              ({[fileKind(file), formatFileSize(file.size)].filter(Boolean).join(", ")})
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </article>
                ))}
              </div>
            </details>
          ))}
        </div>
      )}
    </>
  );
}
