/**
 * Lets trusted server code (the admin:create command) receive a password-set link instead of
 * having it mailed: run `requestPasswordReset` inside `captureResetLink` and the link comes
 * back to the caller. Outside it, reset links are always mailed.
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Receiver = (url: string) => void;
const store = new AsyncLocalStorage<Receiver>();

export function currentResetLinkReceiver(): Receiver | undefined {
  return store.getStore();
}

export async function captureResetLink(run: () => Promise<unknown>): Promise<string | null> {
  let captured: string | null = null;
  await store.run((url) => {
    captured = url;
  }, run);
  return captured;
}
