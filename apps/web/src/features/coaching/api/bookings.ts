import type { Booking, LearnerBriefResponse } from "@academy/contract/coaching";
import type { ResourceSource } from "../../../components/ui/resource-table/types";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

type Page = { list: Booking[]; total: number; num_pages: number };

/** Every booking, for the staff's resource table (paging, search, filters by name). */
export const bookingsSource: ResourceSource<Booking> = {
  list: async (query, signal) => {
    const answer = await unwrap(
      api.get<Page>("/v2/api/lambda/scheduling/bookings", {
        query: {
          page: query.page,
          limit: query.size,
          q: query.search || undefined,
          sort: query.sort.field,
          direction: query.sort.direction,
          ...query.filters,
        },
        signal,
      }),
    );
    return { rows: answer.list, total: answer.total, numPages: answer.num_pages };
  },
  get: async (id) => {
    const answer = await unwrap(api.get<Answer<typeof LearnerBriefResponse>>(`/v2/api/lambda/scheduling/bookings/${id}/learner`));
    return answer.model.booking;
  },
};
