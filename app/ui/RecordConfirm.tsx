import type { ReactNode } from "react";
import { Link } from "react-router";
import { ConfirmDialog, ConfirmPage, DELETE_CONFIRM } from "./ConfirmDialog";
import { DeleteDialog } from "./DeleteDialog";
import type { Crumb } from "../shell/Breadcrumbs";
import type { ListColumn } from "./ListPage";

/**
 * The approve and delete confirmations of any record, as a page of their own (without
 * JavaScript) and as a dialog from a list row (with it). An area defines its approval once.
 */
export interface ApprovalDefinition<Shown extends { id: number; name: string }, Record extends Shown = Shown> {
  /** 'Lidmaatschap goedkeuren' */
  title: string;
  /** The pending list's crumb (the page adds 'Goedkeuren'). */
  crumb: Crumb;
  /** The question, from what a list row also knows of the record. */
  text: (record: Shown) => ReactNode;
  /** The confirmation page of a record, where the confirmed form posts. */
  path: (id: number) => string;
  /** The pending list the confirmation returns to, and the link text back to it. */
  back: string;
  backLabel: string;
  /** Why the record cannot be approved now (already approved, …): shown instead of the question. */
  refusal: (record: Record) => ReactNode | null;
}

/** The approval confirmation page. */
export function ApprovalPage<Shown extends { id: number; name: string }, Record extends Shown>({
  approval,
  record,
}: {
  approval: ApprovalDefinition<Shown, Record>;
  record: Record;
}) {
  const refusal = approval.refusal(record);
  if (refusal) {
    return (
      <section className="card">
        <h1>{approval.title}</h1>
        {refusal}
        <p>
          <Link to={approval.back}>{approval.backLabel}</Link>
        </p>
      </section>
    );
  }
  return (
    <ConfirmPage
      title={approval.title}
      text={approval.text(record)}
      confirmLabel="Goedkeuren"
      tone="primary"
      cancelHref={approval.back}
      action={approval.path(record.id)}
    />
  );
}

/** The delete confirmation page, returning to `back` (the view of the list it came from). */
export function DeletionPage({
  record,
  action,
  back,
  fallback,
  question = DELETE_CONFIRM.text,
  details,
}: {
  record: { name: string };
  action: string;
  back: string;
  /** The list itself: no need to carry it along. */
  fallback: string;
  question?: string;
  details?: ReactNode;
}) {
  return (
    <ConfirmPage
      {...DELETE_CONFIRM}
      text={
        <>
          <p>{question}</p>
          <p>
            <strong>{record.name}</strong>
          </p>
          {details}
        </>
      }
      cancelHref={back}
      action={action}
      fields={back === fallback ? undefined : { terug: back }}
    />
  );
}

/** The actions column of a pending list: 'Goedkeuren' and 'Verwijderen', each confirmed. */
export function pendingActionsColumn<Shown extends { id: number; name: string }, Row extends Shown>(
  approval: Pick<ApprovalDefinition<Shown>, "title" | "text" | "path">,
  deletePath: (row: Row) => string,
  deleteQuestion?: string,
): ListColumn<Row> {
  return {
    label: "Acties",
    hiddenLabel: true,
    cell: (row, view) => (
      <div className="table-actions">
        <ConfirmDialog
          triggerHref={approval.path(row.id)}
          triggerLabel={`Goedkeuren ${row.name}`}
          triggerContent="Goedkeuren"
          triggerClassName="button button--small"
          title={approval.title}
          text={approval.text(row)}
          confirmLabel="Goedkeuren"
          tone="primary"
          action={approval.path(row.id)}
        />
        <DeleteDialog path={deletePath(row)} name={row.name} back={view.here} question={deleteQuestion} className="button button--small button--danger">
          Verwijderen
        </DeleteDialog>
      </div>
    ),
  };
}

/** The route module parts of an approval confirmation page. */
export function approvalRoute<Shown extends { id: number; name: string }, Record extends Shown>(approval: ApprovalDefinition<Shown, Record>) {
  return {
    handle: { breadcrumbs: [approval.crumb, { label: "Goedkeuren" }] },
    meta: () => [{ title: `${approval.title} – Ledenportaal` }],
    Component: ({ loaderData }: { loaderData: { record: Record } }) => <ApprovalPage approval={approval} record={loaderData.record} />,
  };
}

/** Deleting one kind of record: its page's texts and URLs. */
export interface DeletionDefinition<Record extends { id: number; name: string } = { id: number; name: string }> {
  /** 'Lidmaatschap verwijderen' */
  title: string;
  /** The list's crumb; its path is where a confirmation without `terug` returns to. */
  list: Crumb & { href: string };
  path: (record: { id: number }) => string;
  /** The question, where the spec gives this record its own ('… deze aanmelding wilt verwijderen?'). */
  question?: string;
  /** What to know before deleting, from the record the confirmation loads (e.g. an account's roles). */
  details?: (record: Record) => ReactNode;
}

/** The route module parts of a delete confirmation page. */
export function deletionRoute<Record extends { id: number; name: string }>(deletion: DeletionDefinition<Record>) {
  return {
    handle: { breadcrumbs: [deletion.list, { label: "Verwijderen" }] },
    meta: () => [{ title: `${deletion.title} – Ledenportaal` }],
    Component: ({ loaderData }: { loaderData: { record: Record; back: string } }) => (
      <DeletionPage
        record={loaderData.record}
        action={deletion.path(loaderData.record)}
        back={loaderData.back}
        fallback={deletion.list.href}
        question={deletion.question}
        details={deletion.details?.(loaderData.record)}
      />
    ),
  };
}
