import { Icon, type IconName } from "./Icon";

/**
 * A state in a list row, as an icon with its name for screen readers and as a tooltip: green when
 * `on`, red otherwise, or in the text colour when `neutral` (a property rather than a state).
 */
export interface StateIconProps {
  name: IconName;
  label: string;
  on?: boolean;
  neutral?: boolean;
}

export function StateIcon({ name, label, on, neutral }: StateIconProps) {
  const tone = neutral ? "" : on ? " state-icon--on" : " state-icon--off";
  return (
    <span className={`state-icon${tone}`} title={label}>
      <Icon name={name} label={label} />
    </span>
  );
}
