/**
 * Shares one in-flight computation between concurrent callers with the same key. Nothing is
 * kept once it settles, so no caller ever sees a result older than a request already under way.
 */
export function singleFlight<T>(compute: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key) => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = compute(key).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
