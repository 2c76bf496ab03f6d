/** The audit log of admin actions: recorded by the module that acts, read by admins. The module's only door. */
export {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditChanges,
  type AuditEntry,
  type AuditListQuery,
  auditListQuery,
} from "./schemas.ts";
export { type AuditRecord, diff, listAuditEntries, recordAudit } from "./service.ts";
