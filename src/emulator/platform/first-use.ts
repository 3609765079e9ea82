// Code loaded at its first use rather than as the emulator starts (ARCHITECTURE.md "Walls"): a
// route's rules and writes, the controls, the pages' Markdown. One load, shared by the requests that
// ask at once; a load that failed is tried again at the next, as import() itself would.

export interface OnFirstUse<T> {
  load(): Promise<T>;
  /** The loaded module; before its load has ended, an error (a route that did not name it in `uses`). */
  get(): T;
}

export function onFirstUse<T>(load: () => Promise<T>): OnFirstUse<T> {
  let loaded: { module: T } | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= load().then(
        (module) => {
          loaded = { module };
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    get() {
      if (!loaded) throw new Error("A module a route needs was not loaded first: name it in the route's `uses`.");
      return loaded.module;
    },
  };
}
