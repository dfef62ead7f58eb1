// Simulated payments only: every caller checks `simulatedOnly` first.
export { checkSubmission, submissionCheckSchema } from './submission-check.server.ts';
export { createTestOrder } from './test-orders.server.ts';
export { simulatedPaymentIntent } from './test-payment-intent.server.ts';
