import { Icon } from "./Icon";

/**
 * A state in a list row, as an icon with its name for screen readers and as a tooltip: green when
 * `on`, red otherwise, or in the text colour when `neutral` (a property rather than a state).
 */
export interface StateIconProps {
  /** An icon of ./icons. */
  icon: string;
  label: string;
  on?: boolean;
  neutral?: boolean;
}

export function StateIcon({ icon, label, on, neutral }: StateIconProps) {
  const tone = neutral ? "" : on ? " state-icon--on" : " state-icon--off";
  return (
    <span className={`state-icon${tone}`} title={label}>
      <Icon icon={icon} label={label} />
    </span>
  );
}
