/**
 * Runs at most `max` jobs at once; the rest wait their turn in order. Stamping holds a whole PDF (up to 50 MB, several
 * times that once parsed) or draws up to 50 pages of text: a few viewers at once must not exhaust memory or starve
 * the event loop's other work.
 */
export function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** The stamped copies made at once by this process (the machine this runs on has two cores). */
export const stamping = limiter(2);
