/**
 * Test mode on the server (simulated payments only; every caller checks `simulatedOnly` from
 * src/server/simulated-only.ts first): mock orders for the test pages and the end-to-end
 * tests' check that a submission was stored, and the test suite's payment intent.
 */
export {
  checkSubmission,
  submissionCheckSchema,
  type QueuedEmail,
  type SubmissionCheck,
} from './submission-check.server.ts';
export { createTestOrder, TEST_CUSTOMER_NAME, type TestOrderInput } from './test-orders.server.ts';
export { simulatedPaymentIntent } from './test-payment-intent.server.ts';
