import { lazy, Suspense, useRef, useState, type ComponentType, type ReactNode } from "react";

/**
 * A link to a page (what a browser without JavaScript follows) that with JavaScript opens the same
 * in a dialog over the current page instead. The dialog's module is fetched only when it opens, or
 * when the pointer or focus reaches the link; should that fetch fail, the page opens. Closing the
 * dialog puts focus back on the link.
 */
export function DialogLink<P extends object>({
  href,
  load,
  dialogProps,
  className,
  label,
  children,
}: {
  href: string;
  load: () => Promise<{ default: ComponentType<P & { onClose: () => void }> }>;
  dialogProps: P;
  className: string;
  /** The link's accessible name, when its text alone is not enough. */
  label?: string;
  children: ReactNode;
}) {
  const opener = useRef<HTMLAnchorElement>(null);
  // How often the dialog was opened (0: closed). Opened again right after Escape, before the old
  // dialog's close event has arrived, it is a new dialog; that late event no longer reaches React.
  const [opened, setOpened] = useState(0);
  const [Dialog] = useState(() =>
    lazy(() =>
      load().catch(() => {
        window.location.assign(href);
        return new Promise<never>(() => undefined);
      }),
    ),
  );
  const preload = () => void load().catch(() => undefined);
  return (
    <>
      <a
        ref={opener}
        href={href}
        className={className}
        aria-label={label}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          if (typeof HTMLDialogElement === "undefined") return;
          event.preventDefault();
          setOpened((count) => count + 1);
        }}
      >
        {children}
      </a>
      {opened ? (
        <Suspense fallback={null}>
          <Dialog
            key={opened}
            {...dialogProps}
            onClose={() => {
              setOpened(0);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
