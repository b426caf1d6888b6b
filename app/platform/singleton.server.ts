/**
 * One instance per process, even when a module is loaded twice (the Vite dev server
 * re-evaluates modules on change; scripts and the server bundle share a process).
 */
export function singleton<T>(name: string, create: () => T): T {
  const registry = globalThis as unknown as { __skinhamnen?: Map<string, unknown> };
  registry.__skinhamnen ??= new Map();
  if (!registry.__skinhamnen.has(name)) registry.__skinhamnen.set(name, create());
  return registry.__skinhamnen.get(name) as T;
}

/** Forget a singleton (after closing it), so a later call creates a fresh one. */
export function dropSingleton(name: string): void {
  const registry = globalThis as unknown as { __skinhamnen?: Map<string, unknown> };
  registry.__skinhamnen?.delete(name);
}
