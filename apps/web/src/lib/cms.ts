import { useEffect, useState } from "react";
import { api, isErrorBody } from "./api-client";
import { CMS_KEYS, type CmsKey, type CmsPageName } from "./cms-keys";

/**
 * Copy that admins can change without a deploy: CMS entries (`page`, `key`, `type`, `value`)
 * read by page. Every key a screen reads and its default is in `cms-keys.ts`, so a fresh install
 * reads well and a failed read shows the defaults instead of blanks.
 */

type Entries = Record<string, string>;
const cache = new Map<string, Promise<Entries>>();
const settled = new Map<string, Entries>();

/** How long a screen holds its CMS text back before showing the defaults. */
export const CMS_WAIT_MS = 1500;

async function loadPage(page: string): Promise<Entries> {
  const answer = await api
    .get<{ list: { key: string; value: string }[] }>("/v4/api/records/cms", { query: { filter: [`page,eq,${page}`], size: 500 } })
    .catch(() => null);
  const entries = !answer || isErrorBody(answer) ? {} : Object.fromEntries(answer.list.map((e) => [e.key, e.value]));
  settled.set(page, entries);
  return entries;
}

/** Forget cached copy (after an admin edits it). */
export function invalidateCms(page?: string): void {
  if (page) {
    cache.delete(page);
    settled.delete(page);
  } else {
    cache.clear();
    settled.clear();
  }
}

export interface CmsText<P extends CmsPageName> {
  /** The CMS answered (or did not within `CMS_WAIT_MS`): the text is final, show it. */
  ready: boolean;
  /** The CMS value of `key`, or its default from the registry. */
  text: (key: CmsKey<P>) => string;
}

/**
 * The CMS text of a screen. Until the CMS answers, `ready` is false and the screen renders
 * nothing for those blocks (no default flashing before the CMS text); past `CMS_WAIT_MS` the
 * defaults show.
 */
export function useCms<P extends CmsPageName>(page: P): CmsText<P> {
  const [entries, setEntries] = useState<Entries | undefined>(() => settled.get(page));
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    if (!cache.has(page)) cache.set(page, loadPage(page));
    cache.get(page)!.then((e) => {
      if (isCurrent) setEntries(e);
    });
    const timer = setTimeout(() => {
      if (isCurrent) setTimedOut(true);
    }, CMS_WAIT_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [page]);
  const defaults: Record<string, { default: string }> = CMS_KEYS[page];
  return {
    ready: entries !== undefined || timedOut,
    text: (key) => {
      const value = entries?.[key];
      return value?.trim() ? value : (defaults[key]?.default ?? "");
    },
  };
}
