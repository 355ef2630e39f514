import { useCallback, useEffect, useRef, useState } from "react";
import { Icon } from "../ui/Icon";
import { focusHeading } from "./NavigationFocus";
import { AUTO_CLOSE_MS, type Notification } from "./notification";
import { checkIcon, closeIcon, warningIcon } from "../ui/icons";
import { scriptOnly } from "../ui/script-visibility";

/**
 * The notification of the last action. Without JavaScript it stays until the next page; with it,
 * it closes after three seconds or on its close button, which is not shown where scripts do not run.
 */
export function Notifications({ notification }: { notification: Notification | null }) {
  const [shown, setShown] = useState(notification);
  const box = useRef<HTMLDivElement>(null);
  // Closing a notification that holds focus (its close button) hands focus to the page's heading
  // rather than dropping it to the document.
  const close = useCallback(() => {
    const hadFocus = !!box.current?.contains(document.activeElement);
    setShown(null);
    if (hadFocus) requestAnimationFrame(focusHeading);
  }, []);
  useEffect(() => {
    setShown(notification);
    if (!notification) return;
    const timer = setTimeout(close, AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [notification, close]);
  if (!shown) return null;
  return (
    <div ref={box} className={`notification notification--${shown.type}`} role={shown.type === "danger" ? "alert" : "status"}>
      <Icon icon={shown.type === "success" ? checkIcon : warningIcon} />
      <div className="notification__body">
        <p className="notification__header">{shown.header}</p>
        {shown.text ? <p className="notification__text">{shown.text}</p> : null}
      </div>
      <button type="button" className="notification__close" onClick={close} aria-label="Sluiten" {...scriptOnly}>
        <Icon icon={closeIcon} />
      </button>
    </div>
  );
}
