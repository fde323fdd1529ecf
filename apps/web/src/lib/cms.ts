import { useEffect, useState } from "react";
import { api, isErrorBody } from "./api-client";

/**
 * Copy that admins can change without a deploy: CMS entries (`page`, `key`, `type`, `value`)
 * read by page. Every text has a built-in default, so a fresh install reads well and a
 * failed read shows the defaults instead of blanks.
 */

type Entries = Record<string, string>;
const cache = new Map<string, Promise<Entries>>();

async function loadPage(page: string): Promise<Entries> {
  const answer = await api
    .get<{ list: { key: string; value: string }[] }>("/v4/api/records/cms", { query: { filter: [`page,eq,${page}`], size: 500 } })
    .catch(() => null);
  if (!answer || isErrorBody(answer)) return {};
  return Object.fromEntries(answer.list.map((e) => [e.key, e.value]));
}

/** Forget cached copy (after an admin edits it). */
export function invalidateCms(page?: string): void {
  if (page) cache.delete(page);
  else cache.clear();
}

/** `text(key, fallback)`: the CMS value of `key` on `page`, or the fallback. */
export function useCms(page: string): (key: string, fallback: string) => string {
  const [entries, setEntries] = useState<Entries>({});
  useEffect(() => {
    let isCurrent = true;
    if (!cache.has(page)) cache.set(page, loadPage(page));
    cache.get(page)!.then((e) => {
      if (isCurrent) setEntries(e);
    });
    return () => {
      isCurrent = false;
    };
  }, [page]);
  return (key, fallback) => {
    const value = entries[key];
    return value?.trim() ? value : fallback;
  };
}
