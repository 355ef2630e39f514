import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadAccountBar } from "./shell/account-bar";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// A signed-in page hydrates once the header's signed-in part has loaded (shell/account-bar.ts).
if (document.querySelector(".header__account")) void loadAccountBar().then(hydrate, hydrate);
else hydrate();
