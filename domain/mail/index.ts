/** Outgoing mail: templates, the outbox (written in the caller's transaction) and its delivery. The module's only door. */
export { MAIL_STATUS_LABELS, MAIL_STATUSES } from "./labels.ts";
export { mailListQuery } from "./schemas.ts";
export {
  attemptsWithin,
  backoff,
  countMailByStatus,
  DEFAULT_DELIVERY_POLICY,
  type DeliveryEvent,
  type DeliveryPolicy,
  type DeliveryRound,
  deleteOldMail,
  deliverDue,
  enqueue,
  getMail,
  listMail,
  MAIL_KEPT_MS,
  type MailContext,
  type MailTransport,
  mailTo,
  messageIdHost,
  type OutboxMail,
  type OutgoingMail,
  onEnqueued,
  retryMail,
} from "./service.ts";
export { renderMail } from "./templates/index.ts";
export type {
  BankTransferMail,
  MailData,
  MailKind,
  MailRequest,
  MailShop,
  OrderMail,
  OrderMailAddress,
  OrderMailLine,
  RenderedMail,
} from "./types.ts";
