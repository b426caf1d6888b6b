/**
 * A real SMTP server on loopback for tests: it accepts every message and keeps the raw
 * source, so a test can read what a user would receive. While `refuse` is set it answers every
 * message with that SMTP error instead (a mail server that is full or down for maintenance).
 */
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** While set, each message's DATA is refused with this reply (e.g. 451, a temporary failure). */
  refuse: { code: number; message: string } | null;
  /** Messages refused so far. */
  refused: number;
  /**
   * How long each message waits after its data before it is accepted (a slow mail server). A
   * message whose client hangs up meanwhile never got its "250 OK" and is not kept.
   */
  delayMs: number;
  /** Messages whose data arrived and that wait out `delayMs`. */
  readonly receiving: number;
  /** Resolves with the first message (already received or next) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const control: { refuse: { code: number; message: string } | null; refused: number; delayMs: number; receiving: number } = {
    refuse: null,
    refused: 0,
    delayMs: 0,
    receiving: 0,
  };
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // No reverse DNS lookup of the client per connection: it made every test mail wait on a resolver.
    disableReverseLookup: true,
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (control.delayMs > 0) {
          control.receiving += 1;
          await new Promise((resolve) => setTimeout(resolve, control.delayMs));
          control.receiving -= 1;
          if (closed.has(session.id)) {
            callback();
            return;
          }
        }
        if (control.refuse) {
          control.refused += 1;
          callback(Object.assign(new Error(control.refuse.message), { responseCode: control.refuse.code }));
          return;
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  // A client killed mid-conversation (the crash tests SIGKILL a sending server) resets its
  // connection; a mail server shrugs that off, and an unheard 'error' event would crash the test run.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refuse() {
      return control.refuse;
    },
    set refuse(reply) {
      control.refuse = reply;
    },
    get refused() {
      return control.refused;
    },
    get receiving() {
      return control.receiving;
    },
    get delayMs() {
      return control.delayMs;
    },
    set delayMs(ms) {
      control.delayMs = ms;
    },
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error("no matching mail arrived"));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes a quoted-printable body part enough to read Swedish text and links. */
export function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** The Message-ID header of a received message, or null. */
export function messageIdOf(raw: string): string | null {
  return /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? null;
}

/** The decoded Subject header (nodemailer encodes non-ASCII subjects as RFC 2047 words). */
export function subjectOf(raw: string): string | null {
  const header = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1];
  if (header === undefined) return null;
  return header
    .replace(/\r?\n[ \t]/g, " ")
    .trim()
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}
