import { useEffect, useState } from "react";

/** What Chromium-based browsers hand a page that may offer installing it (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** Safari on an iPhone or iPad (iPadOS presents itself as a Mac with a touch screen), not yet installed. */
function isIosBrowser(): boolean {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const installed = (navigator as { standalone?: boolean }).standalone === true || window.matchMedia("(display-mode: standalone)").matches;
  return ios && !installed;
}

/**
 * 'App installeren' in the header (JavaScript only): where the browser offers installing the portal
 * it opens the browser's question; iOS has no such question, so there it shows how to do it by hand.
 * Hidden once installed, and in browsers that offer neither.
 */
export function InstallButton() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [ios, setIos] = useState(false);
  const [noteShown, setNoteShown] = useState(false);
  useEffect(() => {
    setIos(isIosBrowser());
    const offer = (event: Event) => {
      // The browser's own mini bar stays away: the header's button asks instead.
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const installed = () => setPrompt(null);
    window.addEventListener("beforeinstallprompt", offer);
    window.addEventListener("appinstalled", installed);
    return () => {
      window.removeEventListener("beforeinstallprompt", offer);
      window.removeEventListener("appinstalled", installed);
    };
  }, []);

  if (prompt) {
    const install = async () => {
      await prompt.prompt();
      // The browser asks once per event: whatever the answer, the button has done its work.
      await prompt.userChoice.catch(() => undefined);
      setPrompt(null);
    };
    return (
      <button type="button" className="button button--secondary header__install" onClick={() => void install()}>
        App installeren
      </button>
    );
  }
  if (!ios) return null;
  return (
    <span className="install">
      <button
        type="button"
        className="button button--secondary header__install"
        aria-expanded={noteShown}
        aria-controls="install-note"
        onClick={() => setNoteShown((shown) => !shown)}
      >
        App installeren
      </button>
      <span id="install-note" className="install__note" role="note" hidden={!noteShown}>
        Tik in Safari onderaan op de deelknop (het vierkant met de pijl omhoog) en kies ‘Zet op beginscherm’.
      </span>
    </span>
  );
}
