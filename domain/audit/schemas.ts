import { z } from "zod";
import { pageQuery } from "../shared/pagination.ts";
import { AUDIT_ACTIONS } from "./actions.ts";

export { AUDIT_ACTIONS, type AuditAction, type AuditChanges, type AuditEntry } from "./actions.ts";

/** The admin's view of the log: newest first, narrowed by action, target or who did it. */
export const auditListQuery = pageQuery.extend({
  action: z.enum(AUDIT_ACTIONS).optional(),
  target_type: z.string().trim().max(40).optional(),
  target_id: z.string().trim().max(100).optional(),
  actor: z.string().trim().toLowerCase().max(254).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;
