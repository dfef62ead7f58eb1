export { listResponse } from './shell/list.server.ts';
export { exportPersonForAdmin, findPersonForAdmin } from './people/people.server.ts';
export { erasePersonForAdmin } from './people/erasure.server.ts';
export {
  answerRequestForAdmin,
  crmDeletedByHand,
  requestsForAdmin,
} from './inbox/requests.server.ts';
export { getOverview } from './overview/overview.server.ts';
export {
  answerMeetingRequest,
  CONTACT_CSV,
  listContactMessages,
  listMeetingRequests,
  meetingAction,
  MEETING_CSV,
  setContactStatus,
} from './inbox/inbox.server.ts';
export {
  clientOnboardingCsv,
  listClientOnboarding,
  listOrderOnboarding,
  ORDER_ONBOARDING_CSV,
} from './inbox/onboarding.server.ts';
export { listOrders } from './orders/orders.server.ts';
export { exportOrders, ORDER_CSV } from './orders/order-export.server.ts';
export {
  buildOrderExport,
  orderExportDownload,
  orderExportStatus,
  purgeExpiredExports,
  startOrderExport,
} from './orders/order-exports.server.ts';
export {
  listOutbox,
  OUTBOX_CSV,
  outboxAttachment,
  retryOutboxEmail,
} from './outbox/outbox.server.ts';
export { listSecurityLogForAdmin, SECURITY_LOG_CSV } from './security/security-log.server.ts';
