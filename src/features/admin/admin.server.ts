export { signIn, signOut, signOutOtherSessions } from './admin-login.server.ts';
export {
  factorStatus,
  finishPasskeyEnrolment,
  finishTotpEnrolment,
  removeSecondFactor,
  renewRecoveryCodes,
  resetAdminFactors,
  signInStage,
  startPasskeyEnrolment,
  startPasskeyVerification,
  startTotpEnrolment,
  verifySecondFactor,
} from './admin-factors.server.ts';
export { listResponse } from './list.server.ts';
export { exportPersonForAdmin, findPersonForAdmin } from './people.server.ts';
export { erasePersonForAdmin } from './erasure.server.ts';
export { answerRequestForAdmin, crmDeletedByHand, requestsForAdmin } from './requests.server.ts';
export { getOverview } from './overview.server.ts';
export {
  answerMeetingRequest,
  CONTACT_CSV,
  listContactMessages,
  listMeetingRequests,
  meetingAction,
  MEETING_CSV,
  setContactStatus,
} from './inbox.server.ts';
export {
  clientOnboardingCsv,
  listClientOnboarding,
  listOrderOnboarding,
  ORDER_ONBOARDING_CSV,
} from './onboarding.server.ts';
export { listOrders } from './orders.server.ts';
export { exportOrders, ORDER_CSV } from './order-export.server.ts';
export {
  buildOrderExport,
  orderExportDownload,
  orderExportStatus,
  purgeExpiredExports,
  startOrderExport,
} from './order-exports.server.ts';
export { listOutbox, OUTBOX_CSV, outboxAttachment, retryOutboxEmail } from './outbox.server.ts';
export { listSecurityLogForAdmin, SECURITY_LOG_CSV } from './security-log.server.ts';
