/**
 * Hydration waits for the browser's first paint of the server-rendered page (docs/decisions/023):
 * hydrating is the longest task a first visit runs, and started at once it held the first paint
 * back until it was done. Hidden tabs get no animation frames, so a timer starts it there.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

let started = false;

function hydrate(): void {
  if (started) return;
  started = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

requestAnimationFrame(() => setTimeout(hydrate, 0));
setTimeout(hydrate, 250);
