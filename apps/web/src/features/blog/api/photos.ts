import type { PageAnswer } from "@academy/contract/common";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { photoKeys } from "../../../lib/shared-api/photos";

export type LibraryPhoto = { id: number; url: string; original_name: string; caption: string | null; mime: string };

/** The photo library's images, newest first (records API, staff see every upload). */
export function useLibraryImages() {
  return useQuery({
    queryKey: photoKeys.images,
    queryFn: async () =>
      (
        await unwrap(
          api.get<PageAnswer<LibraryPhoto>>("/v4/api/records/photo", {
            query: { page: "1,60", order: "id,desc", filter: ["mime,sw,image/"] },
          }),
        )
      ).list,
  });
}
