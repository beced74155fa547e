/**
 * Starts what a test needs step by step and answers it with one `close` that stops everything in
 * reverse order, also when a later step fails to start (then the error is thrown after the stops).
 */
export async function startInOrder<T extends object>(
  start: (onStop: (stop: () => Promise<void>) => void) => Promise<T>,
): Promise<T & { close: () => Promise<void> }> {
  const stops: Array<() => Promise<void>> = [];
  const close = async (): Promise<void> => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  try {
    return { ...(await start((stop) => stops.push(stop))), close };
  } catch (error) {
    await close();
    throw error;
  }
}
