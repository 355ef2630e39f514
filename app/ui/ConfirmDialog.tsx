import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";

export interface ConfirmProps {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Where the confirmed form posts. */
  action: string;
  fields?: Record<string, string>;
  /** Red for what cannot be undone (the default), blue for a positive step such as approving. */
  tone?: "danger" | "primary";
  /** Runs in the browser as the confirmed form is sent (JavaScript only). */
  onConfirm?: () => void;
}

/** The spec's confirmation before anything is deleted, on a page and in a dialog alike. */
export const DELETE_CONFIRM = {
  title: "Item verwijderen",
  text: "Weet u zeker dat u dit item wilt verwijderen?",
  confirmLabel: "Definitief verwijderen",
} as const;

function ConfirmForm({ action, fields, confirmLabel, tone = "danger", onConfirm, children }: ConfirmProps & { children: ReactNode }) {
  return (
    <Form method="post" action={action} className="confirm__actions" onSubmit={onConfirm}>
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={tone === "danger" ? "button button--danger" : "button"}>
        {confirmLabel}
      </button>
      {children}
    </Form>
  );
}

/**
 * The confirmation as a page of its own: what a browser without JavaScript gets. Within a part of
 * a page (a tab) its title is a level-2 heading (`level`).
 */
export function ConfirmPage({ level = 1, ...props }: ConfirmProps & { cancelHref: string; level?: 1 | 2 }) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <section className="card confirm" aria-labelledby="confirm-title">
      <Heading id="confirm-title">{props.title}</Heading>
      <div className="confirm__text">{props.text}</div>
      <ConfirmForm {...props}>
        <Link to={props.cancelHref} className="button button--secondary">
          {props.cancelLabel ?? "Annuleren"}
        </Link>
      </ConfirmForm>
    </section>
  );
}

/**
 * A trigger that is a plain link to the confirmation page; with JavaScript it opens a <dialog>
 * holding the same form instead. The dialog is made only when it is opened, so a list with a
 * delete icon on every row renders (and sends) no dialogs at all.
 */
export function ConfirmDialog({
  triggerHref,
  triggerLabel,
  triggerClassName,
  triggerContent,
  ...props
}: ConfirmProps & { triggerHref: string; triggerLabel: string; triggerClassName?: string; triggerContent?: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const [open, setOpen] = useState(false);
  const danger = (props.tone ?? "danger") === "danger";
  const show = () => {
    if (!dialog.current || dialog.current.open) return;
    // The browser focuses the dialog's first button; before what cannot be undone, the safe one.
    dialog.current.showModal();
    if (danger) cancel.current?.focus();
  };
  useEffect(() => {
    if (open) show();
  });
  // Focus goes back to the trigger itself: the browser's own return of focus does not always
  // survive the dialog leaving the page as it closes.
  const closed = () => {
    if (dialog.current?.open) return;
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <>
      <a
        ref={trigger}
        href={triggerHref}
        className={triggerClassName}
        aria-label={triggerContent ? triggerLabel : undefined}
        onClick={(event) => {
          if (typeof HTMLDialogElement === "undefined") return;
          event.preventDefault();
          // Opened again right after Escape, before the dialog's close event has arrived: the
          // dialog is still there, closed, so it is shown at once (and that close event ignored).
          if (open) show();
          else setOpen(true);
        }}
      >
        {triggerContent ?? triggerLabel}
      </a>
      {open ? (
        <dialog ref={dialog} className="dialog" aria-labelledby={`${triggerHref}-title`} onClose={closed}>
          <h2 id={`${triggerHref}-title`}>{props.title}</h2>
          <div className="confirm__text">{props.text}</div>
          <ConfirmForm {...props}>
            <button type="button" className="button button--secondary" ref={cancel} onClick={() => dialog.current?.close()}>
              {props.cancelLabel ?? "Annuleren"}
            </button>
          </ConfirmForm>
        </dialog>
      ) : null}
    </>
  );
}
