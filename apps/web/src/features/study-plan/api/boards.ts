import type { PmBoardAnswer, PmBoardPage, PmBoardRefreshResponse, PmColumn } from "@academy/contract/pm";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { PM } from "./workspaces";

/** GET pm/workspaces/{id}/boards: the boards with their columns and cards. */
export const listBoards = async (workspaceId: number) =>
  (
    await unwrap(
      api.get<PmBoardPage>(`${PM}/workspaces/${workspaceId}/boards`, { query: { page: 1, limit: 10, sortId: "id", direction: "asc" } }),
    )
  ).list;

/** POST pm/cards/{id}/move: the card to a column and a place in it; answers the board as it is now. */
export const moveCard = async (cardId: number, column: PmColumn, position: number) =>
  (await unwrap(api.post<Answer<typeof PmBoardAnswer>>(`${PM}/cards/${cardId}/move`, { column, position }))).model;

/**
 * POST pm/boards/{id}/refresh: adds the theme, library section and coaching cards your plan
 * suggests and the board lacks, and takes off cancelled sessions.
 */
export const refreshBoard = async (boardId: number) =>
  unwrap(api.post<Answer<typeof PmBoardRefreshResponse>>(`${PM}/boards/${boardId}/refresh`, {}));
