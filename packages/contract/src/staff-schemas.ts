import { z } from "zod";
import { STAFF_ROLES } from "./staff.ts";

/** A staff role as requests and answers carry it (the roles and their permissions: staff.ts). */
export const StaffRole = z.enum(STAFF_ROLES);
