import type { ComponentType } from 'react';
import { needMessages, type MessagePart } from '../../i18n/catalogues';

export interface PageModule {
  default: ComponentType;
}

/**
 * Loads one page chunk on demand, with the part of the messages it says besides `start` (pageMessages.ts); a failed
 * load is forgotten so that the next attempt fetches it again.
 */
export interface PageLoader {
  load(): Promise<PageModule>;
  /** The page if it has already loaded, so that revisiting it renders without a loading state. */
  loaded(): PageModule | undefined;
}

export function pageLoader(importPage: () => Promise<PageModule>, messages: MessagePart | null = null): PageLoader {
  let module: PageModule | undefined;
  let inFlight: Promise<PageModule> | undefined;
  return {
    load() {
      if (module) return Promise.resolve(module);
      inFlight ??= Promise.all([importPage(), messages && needMessages(messages)]).then(
        ([loaded]) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          inFlight = undefined;
          throw error;
        },
      );
      return inFlight;
    },
    loaded: () => module,
  };
}
