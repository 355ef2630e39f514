import { useEffect, useState } from "react";
import { Icon } from "../ui/Icon";
import { offlineIcon } from "../ui/icons";

/** Shows that the connection is gone (JavaScript only: without it the browser says so itself). */
export function OfflineMarker() {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  if (online) return null;
  return (
    <span className="offline-marker" role="status">
      <Icon icon={offlineIcon} /> Offline
    </span>
  );
}
