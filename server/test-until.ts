/** Polls `read` until it gives a value other than undefined or false, or throws after `timeoutMs`. */
export async function until<T>(read: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 5_000, everyMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
