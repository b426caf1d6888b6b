/**
 * A minimal Server-Sent-Events reader for HTTP tests: opens /api/events with fetch, keeps
 * the raw text and the parsed messages, and waits for what a test expects.
 */
export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export interface TestEventStream {
  response: Response;
  /** Everything received so far, as sent. */
  raw(): string;
  messages: SseMessage[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  waitFor(predicate: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

function parseBlock(block: string): SseMessage | null {
  const message: SseMessage = { event: "message", data: "" };
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") message.event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") message.id = value;
  }
  if (data.length === 0) return null;
  message.data = data.join("\n");
  return message;
}

/**
 * Opens a stream. For a 200 it resolves once the server's first bytes (the `retry:` hint, sent
 * when it listens for events) have arrived, so events published afterwards are not missed.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<TestEventStream> {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/events`, { headers, signal: abort.signal });
  let raw = "";
  let pending = "";
  let ended = false;
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };

  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        pending += text;
        let split: number;
        while ((split = pending.indexOf("\n\n")) !== -1) {
          const message = parseBlock(pending.slice(0, split));
          pending = pending.slice(split + 2);
          if (message) messages.push(message);
        }
        notify();
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      notify();
    }
  })();

  const waitUntil = (check: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const attempt = () => {
        if (check()) {
          waiters.delete(attempt);
          clearTimeout(timer);
          resolve();
        } else if (ended) {
          waiters.delete(attempt);
          clearTimeout(timer);
          reject(new Error(`stream ended before ${what}; received:\n${raw}`));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`timed out waiting for ${what}; received:\n${raw}`));
      }, timeoutMs);
      waiters.add(attempt);
      attempt();
    });

  if (response.status === 200) await waitUntil(() => raw.includes("retry:"), 10_000, "the first bytes");

  return {
    response,
    raw: () => raw,
    messages,
    ended: reading,
    isEnded: () => ended,
    async waitFor(predicate, timeoutMs = 10_000) {
      await waitUntil(() => messages.some(predicate), timeoutMs, "the expected event");
      return messages.find(predicate)!;
    },
    close: () => abort.abort(),
  };
}
