/** Resolves in a later task: what runs after it does not lengthen the task that is running now. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));
