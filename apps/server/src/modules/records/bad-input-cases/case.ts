/** One hostile or malformed request and the 4xx it must answer. */
export type BadInputCase = {
  name: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
  as?: "user" | "admin";
  status: number;
  message: RegExp;
};
