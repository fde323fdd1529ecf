import { api, isErrorBody } from "../../../lib/api-client";

export interface PublishedPage {
  id: number;
  slug: string;
  title: string;
  body: string;
  updated_at?: string;
}

/** The published page with this slug, or null (none, or the call failed). */
export async function getPublishedPage(slug: string): Promise<PublishedPage | null> {
  const answer = await api
    .get<{ list: PublishedPage[] }>("/v4/api/records/pages", {
      // Visitors only ever see published pages: the records rule scopes them.
      query: { filter: [`slug,eq,${slug}`], size: 1 },
    })
    .catch(() => null);
  if (!answer || isErrorBody(answer)) return null;
  return answer.list[0] ?? null;
}
