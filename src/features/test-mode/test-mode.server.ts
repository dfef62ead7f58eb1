// Simulated payments only: every caller checks `simulatedOnly` first.
export {
  checkSubmission,
  submissionCheckSchema,
  type QueuedEmail,
  type SubmissionCheck,
} from './submission-check.server.ts';
export { createTestOrder, TEST_CUSTOMER_NAME, type TestOrderInput } from './test-orders.server.ts';
export { simulatedPaymentIntent } from './test-payment-intent.server.ts';
