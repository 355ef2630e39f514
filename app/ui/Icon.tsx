/**
 * Inline SVG icons, so no icon font or extra request is needed. How the lines are drawn (stroke,
 * no fill) is in the stylesheet's `.icon` rule rather than on every icon: a list page carries some
 * forty of them.
 */

/** An icon of ./icons: `icon` is its shape. */
export function Icon({ icon, label, className }: { icon: string; label?: string; className?: string }) {
  return (
    <svg
      className={`icon${className ? ` ${className}` : ""}`}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={icon} />
    </svg>
  );
}
