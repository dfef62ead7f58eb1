// No zod here: the success page's island reads it too. A session Stripe opens from the recovery
// link copies the success URL, so its `ref` shows it comes from one of our checkouts.
export const SUCCESS_REF_PARAM = 'ref';
export const SUCCESS_REF = /^[\w-]{16,64}$/;
